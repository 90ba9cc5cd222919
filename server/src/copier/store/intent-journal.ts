import {
  closeSync,
  fdatasyncSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { SpareFiles } from '../../files/spare-files';
import type { ClaimRow, ClaimSkipRow } from './claim-rows';

/** One claimed leader event: written to the journal before any of its orders is sent. */
export interface JournalEntry {
  eventKey: string;
  userId: number;
  /** When it was claimed (ms since the epoch). */
  at: number;
  intents: ClaimRow[];
  /** Missing in entries written before skips were journaled. */
  skips?: ClaimSkipRow[];
}

export interface JournalOptions {
  /** Also flush each entry to the disk itself (survives a power loss, costs a disk round trip per event). */
  fsync: boolean;
  /** Told about a damaged entry that is skipped when the journal is read back. */
  onDamaged: (file: string, line: number) => void;
}

const SEGMENT = /^intents-(\d+)\.log$/;

/**
 * A write-ahead journal of claimed intents, in numbered segment files of one JSON line per event. The copy
 * engine appends synchronously (microseconds, no database round trip on the hot path); the database then
 * receives the same entries in batches, and a segment is deleted once everything in it is stored. Whatever
 * is still here at start-up was claimed but maybe not stored: it is read back and stored first.
 */
export class IntentJournal {
  private fd: number | null = null;
  private sequence: number;
  private readonly closed: number[];
  private readonly spares: SpareFiles;

  private constructor(
    private readonly dir: string,
    private readonly options: JournalOptions,
    existing: number[],
  ) {
    this.closed = existing;
    this.sequence = (existing[existing.length - 1] ?? 0) + 1;
    this.spares = new SpareFiles(dir, 'intents');
    this.spares.prepare();
  }

  /** Opens the journal in `dir`; answers it with the entries left by an earlier run, oldest first. */
  static open(dir: string, options: JournalOptions): { journal: IntentJournal; leftOver: JournalEntry[] } {
    mkdirSync(dir, { recursive: true });
    const existing = readdirSync(dir)
      .map((name) => SEGMENT.exec(name)?.[1])
      .filter((value): value is string => value !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const journal = new IntentJournal(dir, options, existing);
    return { journal, leftOver: existing.flatMap((sequence) => journal.read(sequence)) };
  }

  append(entry: JournalEntry): void {
    if (this.fd === null) this.fd = this.spares.open(this.file(this.sequence));
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    if (this.options.fsync) fdatasyncSync(this.fd);
  }

  /**
   * Closes the segment being written (when it has entries) and answers the last closed segment: every entry
   * appended so far is in a segment up to that number.
   */
  rotate(): number {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
      this.closed.push(this.sequence);
      this.sequence += 1;
      this.spares.prepare();
    }
    return this.sequence - 1;
  }

  /** Deletes the closed segments up to `sequence`: their entries are stored in the database. */
  discardThrough(sequence: number): void {
    while (this.closed.length > 0 && (this.closed[0] ?? Infinity) <= sequence) {
      const done = this.closed.shift() ?? 0;
      unlinkSync(this.file(done));
    }
  }

  close(): Promise<void> {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    return this.spares.close();
  }

  private read(sequence: number): JournalEntry[] {
    const file = this.file(sequence);
    const lines = readFileSync(file, 'utf8').split('\n');
    const entries: JournalEntry[] = [];
    lines.forEach((line, index) => {
      if (line === '') return;
      const entry = parseEntry(line);
      if (entry !== null) entries.push(entry);
      // A torn last line is an append the engine never finished, so nothing of it was sent.
      else if (index < lines.length - 1) this.options.onDamaged(path.basename(file), index + 1);
    });
    return entries;
  }

  private file(sequence: number): string {
    return path.join(this.dir, `intents-${sequence}.log`);
  }
}

function parseEntry(line: string): JournalEntry | null {
  try {
    const value = JSON.parse(line) as Partial<JournalEntry> | null;
    return typeof value?.eventKey === 'string' &&
      typeof value.userId === 'number' &&
      typeof value.at === 'number' &&
      Array.isArray(value.intents)
      ? (value as JournalEntry)
      : null;
  } catch {
    return null;
  }
}
