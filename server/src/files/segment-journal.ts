import { closeSync, fdatasyncSync, mkdirSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { SpareFiles } from './spare-files';

export interface SegmentJournalOptions {
  /** Also flush each entry to the disk itself (survives a power loss, costs a disk round trip per append). */
  fsync: boolean;
  /** Told about a damaged entry that is skipped when the journal is read back. */
  onDamaged: (file: string, line: number) => void;
}

/**
 * A write-ahead journal in numbered segment files (`<prefix>-<n>.log`) of one JSON line per entry. Appending is a
 * synchronous file write of a few microseconds in the server's own thread, no database turn on the hot path; a
 * process killed after the append still leaves the entry to the next start (the operating system holds the
 * write). Its owner stores the entries in the database behind, then deletes the segments that are stored.
 */
export class SegmentJournal<T> {
  private fd: number | null = null;
  /** The segment open for appending has entries (it may be open with none: started ahead of its first). */
  private written = false;
  private sequence: number;
  private readonly closed: number[];
  private readonly spares: SpareFiles;

  private constructor(
    private readonly dir: string,
    private readonly prefix: string,
    private readonly options: SegmentJournalOptions,
    existing: number[],
  ) {
    this.closed = existing;
    this.sequence = (existing[existing.length - 1] ?? 0) + 1;
    this.spares = new SpareFiles(dir, prefix);
    this.startAhead();
  }

  /**
   * Opens the journal in `dir`; answers it with the entries an earlier run left, oldest first, each with its
   * segment. A line that is not an entry is skipped: reported unless it is a torn last line.
   */
  static open<T>(
    dir: string,
    prefix: string,
    options: SegmentJournalOptions,
    isEntry: (value: unknown) => value is T,
  ): { journal: SegmentJournal<T>; leftOver: Array<{ segment: number; entry: T }> } {
    mkdirSync(dir, { recursive: true });
    const pattern = new RegExp(`^${prefix}-(\\d+)\\.log$`);
    const existing = readdirSync(dir)
      .map((name) => pattern.exec(name)?.[1])
      .filter((value): value is string => value !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const journal = new SegmentJournal<T>(dir, prefix, options, existing);
    const leftOver = existing.flatMap((segment) =>
      journal.read(segment, isEntry).map((entry) => ({ segment, entry })),
    );
    return { journal, leftOver };
  }

  /** Appends one entry; answers the segment it went to. */
  append(entry: T): number {
    if (this.fd === null) this.fd = this.spares.open(this.file(this.sequence));
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    this.written = true;
    if (this.options.fsync) fdatasyncSync(this.fd);
    return this.sequence;
  }

  /**
   * Closes the segment being written (when it has entries) and answers the last closed segment: every entry
   * appended so far is in a segment up to that number.
   */
  rotate(): number {
    if (this.fd !== null && this.written) {
      closeSync(this.fd);
      this.fd = null;
      this.written = false;
      this.closed.push(this.sequence);
      this.sequence += 1;
      this.startAhead();
    }
    return this.sequence - 1;
  }

  /**
   * Drops the closed segments up to `sequence`, their entries stored in the database: each is gone from the
   * journal at once, its file kept as a spare for a later segment (or deleted).
   */
  discardThrough(sequence: number): void {
    while (this.closed.length > 0 && (this.closed[0] ?? Infinity) <= sequence) {
      const done = this.closed.shift() ?? 0;
      this.spares.recycle(this.file(done));
    }
  }

  close(): Promise<void> {
    if (this.fd !== null) closeSync(this.fd);
    // A segment started ahead and never written to is not left behind.
    if (this.fd !== null && !this.written) rmSync(this.file(this.sequence), { force: true });
    this.fd = null;
    this.written = false;
    return this.spares.close();
  }

  /**
   * Starts the next segment as soon as its spare file is ready, in the spare's own callback: renaming it (tens of
   * microseconds, more on a busy disk) is then off the path of the first append after a rotation, which is a
   * copy's claim or a paper order's answer. Until then an append starts the segment itself. A failure here is
   * left to that append, which reports it to its caller instead of ending the process from a callback.
   */
  private startAhead(): void {
    this.spares.prepare(() => {
      if (this.fd !== null) return;
      try {
        this.fd = this.spares.open(this.file(this.sequence));
      } catch {
        this.fd = null;
      }
    });
  }

  private read(segment: number, isEntry: (value: unknown) => value is T): T[] {
    const file = this.file(segment);
    const lines = readFileSync(file, 'utf8').split('\n');
    const entries: T[] = [];
    lines.forEach((line, index) => {
      if (line === '') return;
      const value = parse(line);
      if (value !== undefined && isEntry(value)) entries.push(value);
      // A torn last line is an append the process never finished: nothing of it was acted on.
      else if (index < lines.length - 1) this.options.onDamaged(path.basename(file), index + 1);
    });
    return entries;
  }

  private file(segment: number): string {
    return path.join(this.dir, `${this.prefix}-${segment}.log`);
  }
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
