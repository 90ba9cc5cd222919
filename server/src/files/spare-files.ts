import { closeSync, open, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const SPARE = /\.spare$/;

/**
 * The next segment file of a journal, created ahead of its first append. Creating a file costs a write of the
 * folder's metadata (0.5 ms and more on this machine's disk) in the server's own thread, on the path of the first
 * copy or order after each rotation; the spare is created in the background (libuv's pool) and renamed when the
 * segment starts (tens of microseconds), its open descriptor kept.
 */
export class SpareFiles {
  private spare: { fd: number; file: string } | null = null;
  private preparing: Promise<void> | null = null;
  private closed = false;
  private made = 0;

  /** Removes the spares a stopped or killed process left (empty files: nothing was ever written to them). */
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
      }
    }
    return openSync(file, 'a');
  }

  /**
   * Creates the next spare in the background, unless one is ready or on its way. `ready` is called once it is
   * (in its own callback, never inside the caller's turn), unless the spare could not be made or the files are
   * closing.
   */
  prepare(ready?: () => void): void {
    if (this.spare !== null || this.preparing !== null || this.closed) return;
    this.made += 1;
    const file = path.join(this.dir, `${this.prefix}-${process.pid}-${this.made}.spare`);
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

  /** Removes the spare, once the one being created (if any) is there. */
  async close(): Promise<void> {
    this.closed = true;
    await this.preparing;
    const spare = this.spare;
    this.spare = null;
    if (spare === null) return;
    closeSync(spare.fd);
    rmSync(spare.file, { force: true });
  }
}
