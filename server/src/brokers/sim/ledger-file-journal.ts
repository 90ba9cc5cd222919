import { closeSync, fdatasyncSync, mkdirSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { SpareFiles } from '../../files/spare-files';

export interface LedgerFileJournalOptions {
  /** Also flush each batch to the disk itself (survives a power loss, costs a disk round trip per batch). */
  fsync: boolean;
  /** Told about a damaged batch that is skipped when the journal is read back. */
  onDamaged: (file: string, line: number) => void;
}

const SEGMENT = /^ledger-(\d+)\.log$/;

interface Held<T> {
  segment: number;
  value: T;
}

/**
 * The paper ledger's journal in files: one JSON line per batch, in numbered segments. Appending is a synchronous
 * file write of a few microseconds in the server's own thread, where a row in the embedded database took a turn of
 * its one connection, queued behind the copier's batch writer and the desk feed's reads; a process killed after
 * the append still leaves the batch to the next start (the operating system holds the write). The batches are kept
 * in memory too until they are moved into the tables, so the move reads no file.
 */
export class LedgerFileJournal<T> {
  private fd: number | null = null;
  private sequence: number;
  private readonly closed: number[];
  private held: Array<Held<T>> = [];
  private readonly spares: SpareFiles;

  private constructor(
    private readonly dir: string,
    private readonly options: LedgerFileJournalOptions,
    existing: number[],
  ) {
    this.closed = existing;
    this.sequence = (existing[existing.length - 1] ?? 0) + 1;
    this.spares = new SpareFiles(dir, 'ledger');
    this.spares.prepare();
  }

  /** Opens the journal in `dir`, holding whatever an earlier run left in it (oldest first). */
  static open<T>(
    dir: string,
    options: LedgerFileJournalOptions,
    isEntry: (value: unknown) => value is T,
  ): LedgerFileJournal<T> {
    mkdirSync(dir, { recursive: true });
    const existing = readdirSync(dir)
      .map((name) => SEGMENT.exec(name)?.[1])
      .filter((value): value is string => value !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const journal = new LedgerFileJournal<T>(dir, options, existing);
    for (const segment of existing)
      for (const value of journal.read(segment, isEntry)) journal.held.push({ segment, value });
    return journal;
  }

  append(value: T): void {
    if (this.fd === null) this.fd = this.spares.open(this.file(this.sequence));
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
    if (this.options.fsync) fdatasyncSync(this.fd);
    this.held.push({ segment: this.sequence, value });
  }

  /**
   * Every batch appended so far, oldest first, and the last segment holding them: once they are in the tables,
   * `discardThrough(through)`. Later appends go to a new segment.
   */
  pending(): { through: number; values: T[] } {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
      this.closed.push(this.sequence);
      this.sequence += 1;
      this.spares.prepare();
    }
    const through = this.sequence - 1;
    return { through, values: this.held.filter((h) => h.segment <= through).map((h) => h.value) };
  }

  /** Forgets the batches of the segments up to `through`, and deletes those files: the tables hold them. */
  discardThrough(through: number): void {
    this.held = this.held.filter((h) => h.segment > through);
    while (this.closed.length > 0 && (this.closed[0] ?? Infinity) <= through) {
      const done = this.closed.shift() ?? 0;
      // Already gone is fine: what matters is that the tables hold its batches.
      rmSync(this.file(done), { force: true });
    }
  }

  close(): Promise<void> {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    return this.spares.close();
  }

  private read(segment: number, isEntry: (value: unknown) => value is T): T[] {
    const file = this.file(segment);
    const lines = readFileSync(file, 'utf8').split('\n');
    const values: T[] = [];
    lines.forEach((line, index) => {
      if (line === '') return;
      const value = parse(line);
      if (value !== undefined && isEntry(value)) values.push(value);
      // A torn last line is an append the process never finished: nobody was told about that batch.
      else if (index < lines.length - 1) this.options.onDamaged(path.basename(file), index + 1);
    });
    return values;
  }

  private file(segment: number): string {
    return path.join(this.dir, `ledger-${segment}.log`);
  }
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
