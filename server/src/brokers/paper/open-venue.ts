import type { Db } from '../../db/db';
import { BlockIds } from './block-ids';
import { JournalApplier } from './journal-applier';
import { LedgerFileJournal } from './ledger-file-journal';
import { PaperLedgerStore, isLedgerRows, type LedgerBatch, type LedgerFence } from './ledger-store';
import { LedgerWriter } from './ledger-writer';
import type { PriceModel } from './price-model';
import { PaperVenue } from './venue';

export interface OpenPaperVenueOptions {
  seed: number;
  /** Price step interval (default 500 ms); null: prices move only when told. */
  tickMs?: number | null;
  onError: (error: unknown) => void;
  /** Another price model (several nodes: `PathPriceModel`). */
  prices?: PriceModel;
  /**
   * False: start with no account in memory (several nodes: a node loads the paper accounts of the copy groups
   * it takes over, see `PaperVenue.adopt`).
   */
  loadAccounts?: boolean;
  /** Several nodes: the ledger stores only the accounts of groups the node still holds a lease on. */
  fence?: LedgerFence;
  /**
   * Each batch goes to the journal first (default: on the embedded database, whose statements run one at a time in
   * the server's own thread, so the five upserts were most of a paper copy's latency; on PostgreSQL a statement's
   * cost is its commit, the same for the journal row, and the journal's move would only add commits).
   */
  journal?: boolean;
  /**
   * With the journal: its folder, the journal then being files (a synchronous append, no turn of the database on
   * the copy's path) rather than a table. `journalFsync`: each batch also flushed to the disk itself.
   */
  journalDir?: string;
  journalFsync?: boolean;
}

/**
 * The server's paper venue on its database ledger: reserves a fresh id block, loads the stored accounts,
 * positions, orders and prices, and stores every change before it is told to anyone.
 */
export async function openPaperVenue(db: Db, options: OpenPaperVenueOptions): Promise<PaperVenue> {
  const journal = options.fence === undefined && (options.journal ?? db.kind === 'pglite');
  const file =
    journal && options.journalDir !== undefined
      ? LedgerFileJournal.open(
          options.journalDir,
          {
            fsync: options.journalFsync ?? false,
            onDamaged: (name, line) =>
              options.onError(
                new Error(`Paper ledger journal ${name}: line ${line} is damaged and was skipped`),
              ),
          },
          isLedgerRows,
        )
      : null;
  const store = new PaperLedgerStore(db, options.fence ?? null, journal && file === null, file);
  // Whatever a stopped or killed process left in the journal goes into the tables first (start-up reads them).
  await store.applyJournal();
  const first = await store.reserveIds();
  const restored = options.loadAccounts === false ? undefined : await store.load();
  const ids = new BlockIds(first, () => store.reserveIds(), options.onError);
  const holder: { venue: PaperVenue | null } = { venue: null };
  const applier = new JournalApplier(() => store.applyJournal(), options.onError);
  const sink = {
    synchronous: file !== null,
    async write(batch: LedgerBatch): Promise<void> {
      await store.write(batch);
      if (journal) applier.appended();
    },
    async settle(): Promise<void> {
      await store.applyJournal();
    },
    async close(): Promise<void> {
      await applier.close();
      await file?.close();
    },
  };
  const ledger = new LedgerWriter(sink, () => holder.venue?.prices.state() ?? [], options.onError);
  holder.venue = new PaperVenue({
    seed: options.seed,
    ...(options.tickMs === undefined ? {} : { tickMs: options.tickMs }),
    recordCommands: false,
    eventHistory: 0,
    ledger,
    ...(restored === undefined ? {} : { restored }),
    ...(options.prices === undefined ? {} : { prices: options.prices }),
    ids,
  });
  return holder.venue;
}
