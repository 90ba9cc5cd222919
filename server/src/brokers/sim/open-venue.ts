import type { Db } from '../../db/db';
import { BlockIds } from './block-ids';
import { JournalApplier } from './journal-applier';
import { SimLedgerStore, type LedgerBatch, type LedgerFence } from './ledger-store';
import { LedgerWriter } from './ledger-writer';
import type { PriceModel } from './price-model';
import { SimVenue } from './venue';

export interface OpenSimVenueOptions {
  seed: number;
  /** Price step interval (default 500 ms); null: prices move only when told. */
  tickMs?: number | null;
  onError: (error: unknown) => void;
  /** Another price model (several nodes: `PathPriceModel`). */
  prices?: PriceModel;
  /**
   * False: start with no account in memory (several nodes: a node loads the paper accounts of the copy groups
   * it takes over, see `SimVenue.adopt`).
   */
  loadAccounts?: boolean;
  /** Several nodes: the ledger stores only the accounts of groups the node still holds a lease on. */
  fence?: LedgerFence;
}

/**
 * The server's paper venue on its database ledger: reserves a fresh id block, loads the stored accounts,
 * positions, orders and prices, and stores every change before it is told to anyone.
 */
export async function openSimVenue(db: Db, options: OpenSimVenueOptions): Promise<SimVenue> {
  const store = new SimLedgerStore(db, options.fence ?? null);
  // Whatever a stopped or killed process left in the journal goes into the tables first (start-up reads them).
  await store.applyJournal();
  const first = await store.reserveIds();
  const restored = options.loadAccounts === false ? undefined : await store.load();
  const ids = new BlockIds(first, () => store.reserveIds(), options.onError);
  const holder: { venue: SimVenue | null } = { venue: null };
  const applier = new JournalApplier(() => store.applyJournal(), options.onError);
  const sink = {
    async write(batch: LedgerBatch): Promise<void> {
      await store.write(batch);
      // Several nodes write the tables directly (fenced): there is no journal to move.
      if (options.fence === undefined) applier.appended();
    },
    close: () => applier.close(),
  };
  const ledger = new LedgerWriter(sink, () => holder.venue?.prices.state() ?? [], options.onError);
  holder.venue = new SimVenue({
    seed: options.seed,
    ...(options.tickMs === undefined ? {} : { tickMs: options.tickMs }),
    recordCommands: false,
    ledger,
    ...(restored === undefined ? {} : { restored }),
    ...(options.prices === undefined ? {} : { prices: options.prices }),
    ids,
  });
  return holder.venue;
}
