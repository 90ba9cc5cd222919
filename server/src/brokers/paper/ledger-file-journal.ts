import { SegmentJournal, type SegmentJournalOptions } from '../../files/segment-journal';

export type LedgerFileJournalOptions = SegmentJournalOptions;

/**
 * The paper ledger's journal in files (`ledger-<n>.log`, one JSON line per batch). Appending is a synchronous file
 * write, where a row in the embedded database took a turn of its one connection, queued behind the copier's batch
 * writer and the desk feed's reads. The batches are kept in memory too until they are moved into the tables, so
 * the move reads no file.
 */
export class LedgerFileJournal<T> {
  private held: Array<{ segment: number; entry: T }>;

  private constructor(
    private readonly segments: SegmentJournal<T>,
    leftOver: Array<{ segment: number; entry: T }>,
  ) {
    this.held = leftOver;
  }

  /** Opens the journal in `dir`, holding whatever an earlier run left in it (oldest first). */
  static open<T>(
    dir: string,
    options: LedgerFileJournalOptions,
    isEntry: (value: unknown) => value is T,
  ): LedgerFileJournal<T> {
    const { journal, leftOver } = SegmentJournal.open(dir, 'ledger', options, isEntry);
    return new LedgerFileJournal(journal, leftOver);
  }

  append(value: T): void {
    const segment = this.segments.append(value);
    this.held.push({ segment, entry: value });
  }

  /**
   * Every batch appended so far, oldest first, and the last segment holding them: once they are in the tables,
   * `discardThrough(through)`. Later appends go to a new segment.
   */
  pending(): { through: number; values: T[] } {
    const through = this.segments.rotate();
    return { through, values: this.held.filter((h) => h.segment <= through).map((h) => h.entry) };
  }

  /** Forgets the batches of the segments up to `through`, and deletes those files: the tables hold them. */
  discardThrough(through: number): void {
    this.held = this.held.filter((h) => h.segment > through);
    this.segments.discardThrough(through);
  }

  close(): Promise<void> {
    return this.segments.close();
  }
}
