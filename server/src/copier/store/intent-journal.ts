import { SegmentJournal, type SegmentJournalOptions } from '../../files/segment-journal';
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

export type JournalOptions = SegmentJournalOptions;

/**
 * A write-ahead journal of claimed intents (`intents-<n>.log`). The copy engine appends synchronously (no
 * database round trip on the hot path); the database then receives the same entries in batches, and a segment
 * is deleted once everything in it is stored. Whatever is still here at start-up was claimed but maybe not
 * stored: it is read back and stored first.
 */
export type IntentJournal = SegmentJournal<JournalEntry>;

/** Opens the journal in `dir`; answers it with the entries left by an earlier run, oldest first. */
export function openIntentJournal(
  dir: string,
  options: JournalOptions,
): { journal: IntentJournal; leftOver: JournalEntry[] } {
  const { journal, leftOver } = SegmentJournal.open(dir, 'intents', options, isJournalEntry);
  return { journal, leftOver: leftOver.map((held) => held.entry) };
}

function isJournalEntry(value: unknown): value is JournalEntry {
  const entry = value as Partial<JournalEntry> | null;
  return (
    typeof entry?.eventKey === 'string' &&
    typeof entry.userId === 'number' &&
    typeof entry.at === 'number' &&
    Array.isArray(entry.intents)
  );
}
