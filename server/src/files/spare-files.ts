import { closeSync, constants, open, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const SPARE = /\.spare$/;
/** Discarded segments kept for reuse: one is taken at each rotation, so a couple cover a journal's churn. */
const MAX_REUSED = 2;
/** An existing file emptied and opened for appending; no inode is allocated. */
const EMPTIED = constants.O_WRONLY | constants.O_TRUNC | constants.O_APPEND;

interface Spare {
  fd: number;
  file: string;
}

/**
 * The next segment file of a journal, ready ahead of its first append, its open descriptor kept; the segment
 * starts by renaming it (tens of microseconds).
 *
 * Spares are segments the journal discarded, emptied, rather than new files. Creating a file costs the server's
 * thread 0.5 ms and more of the folder's metadata; in libuv's pool instead, `pnpm bench e2e` found each creation
 * (one per flush of the copier's batch writer, so one per leader ticket) spending 0.6–1 ms of a core in ext4's
 * inode allocator, which scans past the inodes of the segments deleted in the last seconds (`recently_deleted`),
 * and taking the core from the copies' thread on two cores. Renaming a discarded segment allocates nothing; a new
 * file is created only while no discarded one is ready (the first rotations after a start).
 */
export class SpareFiles {
  private spare: Spare | null = null;
  private preparing: Promise<void> | null = null;
  private readonly reused: Spare[] = [];
  private readonly emptying = new Set<Promise<void>>();
  private closed = false;
  private made = 0;

  /** Removes the spares a stopped or killed process left (never read: nothing of them is owed to anyone). */
  constructor(
    private readonly dir: string,
    private readonly prefix: string,
  ) {
    for (const name of readdirSync(dir))
      if (name.startsWith(`${prefix}-`) && SPARE.test(name)) rmSync(path.join(dir, name), { force: true });
  }

  /** An open descriptor on `file` for appending: the spare renamed when one is ready, else a new file. */
  open(file: string): number {
    const spare = this.spare;
    this.spare = null;
    if (spare !== null) {
      try {
        renameSync(spare.file, file);
        return spare.fd;
      } catch {
        closeSync(spare.fd);
        rmSync(spare.file, { force: true });
      }
    }
    return openSync(file, 'a');
  }

  /**
   * Readies the next spare, unless one is ready or on its way: a discarded segment when one is emptied (or once
   * the one being emptied is), else a new file created in the background (libuv's pool). `ready` is called once it is (in its own callback, never
   * inside the caller's turn), unless the spare could not be made or the files are closing.
   */
  prepare(ready?: () => void): void {
    if (this.spare !== null || this.preparing !== null || this.closed) return;
    const reused = this.reused.shift();
    if (reused !== undefined) {
      this.spare = reused;
      this.preparing = new Promise((resolve) =>
        setImmediate(() => {
          this.preparing = null;
          resolve();
          if (!this.closed && this.spare === reused) ready?.();
        }),
      );
      return;
    }
    // A discarded segment being emptied is a spare in a moment: no new file for it.
    const emptying = this.emptying.values().next().value;
    if (emptying !== undefined) {
      this.preparing = emptying.then(() => {
        this.preparing = null;
        this.prepare(ready);
      });
      return;
    }
    const file = this.nextName();
    this.preparing = new Promise((resolve) => {
      open(file, 'a', (error, fd) => {
        this.preparing = null;
        resolve();
        if (error !== null) return; // The next segment is then created when it starts, as without a spare.
        if (this.closed) {
          closeSync(fd);
          rmSync(file, { force: true });
          return;
        }
        this.spare = { fd, file };
        ready?.();
      });
    });
  }

  /**
   * Takes a segment whose entries are stored elsewhere now (the database). It is renamed to a spare's name at
   * once, so a start after a crash never reads it again, then emptied and opened in the background and kept for
   * a later segment. Beyond the few kept, or once closing, it is deleted.
   */
  recycle(file: string): void {
    if (this.closed || this.reused.length + this.emptying.size >= MAX_REUSED) {
      rmSync(file, { force: true });
      return;
    }
    const spare = this.nextName();
    try {
      renameSync(file, spare);
    } catch {
      // Already gone is fine: what matters is that the database holds its entries.
      rmSync(file, { force: true });
      return;
    }
    const emptied = new Promise<void>((resolve) => {
      open(spare, EMPTIED, (error, fd) => {
        this.emptying.delete(emptied);
        resolve();
        if (error !== null || this.closed) {
          if (error === null) closeSync(fd);
          rmSync(spare, { force: true });
          return;
        }
        this.reused.push({ fd, file: spare });
      });
    });
    this.emptying.add(emptied);
  }

  /** Removes the spares, once those being made or emptied (if any) are there. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.preparing, ...this.emptying]);
    const spares = [...this.reused.splice(0), ...(this.spare === null ? [] : [this.spare])];
    this.spare = null;
    for (const spare of spares) {
      closeSync(spare.fd);
      rmSync(spare.file, { force: true });
    }
  }

  private nextName(): string {
    this.made += 1;
    return path.join(this.dir, `${this.prefix}-${process.pid}-${this.made}.spare`);
  }
}
