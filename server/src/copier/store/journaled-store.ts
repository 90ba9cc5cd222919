import type { Db } from '../../db/db';
import type { ClaimRequest, ClaimResult } from '../engine/ports';
import { BatchWriter } from './batch-writer';
import { claimRowsOf, claimSkipRowsOf } from './claim-rows';
import {
  openIntentJournal,
  type IntentJournal,
  type JournalEntry,
  type JournalOptions,
} from './intent-journal';
import { RECENT_EVENTS_MS, RecentEvents } from './recent-events';
import { SqlCopyStore } from './sql-store';

export interface JournaledStoreOptions {
  /** The journal's folder (next to the embedded database). */
  dir: string;
  fsync?: boolean;
  onError: (error: unknown) => void;
  /** The wall clock (ms since the epoch); tests move it. */
  now?: () => number;
}

/**
 * The engine's store on the embedded database, which runs on the engine's own thread: a claim there would
 * hold every copy up for the length of a statement, and longer while a batch is being written. Here the
 * claim is decided in memory against the recent events, appended to the intent journal (a synchronous
 * file write: the intent is stored before its orders are sent), and written to the database behind, with
 * everything else. An event older than the in-memory index is still claimed in the database.
 */
export class JournaledCopyStore extends SqlCopyStore {
  private readonly journal: IntentJournal;
  private readonly leftOver: JournalEntry[];
  private readonly now: () => number;
  private recent: RecentEvents | null = null;
  private opening: Promise<void> | null = null;

  constructor(db: Db, options: JournaledStoreOptions) {
    const journalOptions: JournalOptions = {
      fsync: options.fsync ?? false,
      onDamaged: (file, line) =>
        options.onError(new Error(`Intent journal ${file}: line ${line} is damaged and was skipped`)),
    };
    const { journal, leftOver } = openIntentJournal(options.dir, journalOptions);
    super(db, options.onError, new BatchWriter(db, options.onError, journal));
    this.journal = journal;
    this.leftOver = leftOver;
    this.now = options.now ?? Date.now;
  }

  /** Stores what an earlier run left in the journal, then loads the recent events. */
  override open(): Promise<void> {
    this.opening ??= this.load().catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  override async claim(request: ClaimRequest): Promise<ClaimResult> {
    const { eventKey, userId, intents, skips, eventTime } = request;
    const recent = this.recent ?? (await this.ready());
    if (recent.has(eventKey)) return { fresh: false, claimed: new Set() };
    const at = this.now();
    if (recent.mayPredate(eventTime)) {
      await this.behind.flush();
      const claim = await super.claim(request);
      recent.add(eventKey, at);
      return claim;
    }
    const entry = { eventKey, userId, at, intents: claimRowsOf(intents), skips: claimSkipRowsOf(skips) };
    this.journal.append(entry);
    recent.add(eventKey, at);
    this.behind.addClaims([entry]);
    return { fresh: true, claimed: new Set(intents.map((intent) => intent.clientOrderId)) };
  }

  override async close(): Promise<void> {
    await super.close();
    await this.journal.close();
  }

  private async ready(): Promise<RecentEvents> {
    await this.open();
    if (this.recent === null) throw new Error('The copy store did not open');
    return this.recent;
  }

  private async load(): Promise<void> {
    this.behind.addClaims(this.leftOver);
    await this.behind.flush();
    const since = this.now() - RECENT_EVENTS_MS;
    const rows = await this.db.query<{ event_key: string; at: number }>(
      `SELECT event_key, extract(epoch FROM created_at) * 1000 AS at FROM copy_events
       WHERE created_at >= to_timestamp($1 / 1000.0) ORDER BY created_at`,
      [since],
    );
    const recent = new RecentEvents(since, this.now());
    for (const row of rows) recent.add(row.event_key, Number(row.at));
    // Also when the database did not take them yet (they stay queued and in the journal).
    for (const entry of this.leftOver) recent.add(entry.eventKey, entry.at);
    this.recent = recent;
  }
}
