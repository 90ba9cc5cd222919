import type { Db } from '../../db/db';
import { PaperLedgerStore } from './ledger-store';
import type { PriceModel } from './price-model';
import { PathPriceModel } from './price-path';
import type { PaperVenue } from './venue';

/** A venue's hold on paper accounts that move between nodes with their copy group. */
export interface PaperAccountsHolding {
  /** Continues the accounts from the stored ledger (the previous holder stored every change before telling anyone). */
  adopt(externalIds: readonly string[]): Promise<void>;
  /** Drops the accounts from this venue once what it did to them is stored. */
  evict(externalIds: readonly string[]): Promise<void>;
}

/** What the paper broker gives a server running as one node of several. */
export interface PaperOnSeveralNodes {
  /** Prices as a function of the seed and the time step: the same on every node. */
  prices: PriceModel;
  /** The accounts' hold in this node's venue (open by then) on the shared ledger. */
  accounts(venue: PaperVenue, db: Db): PaperAccountsHolding;
}

export function paperOnSeveralNodes(seed: number, stepMs: number): PaperOnSeveralNodes {
  return {
    prices: new PathPriceModel(seed, stepMs),
    accounts(venue, db) {
      const ledger = new PaperLedgerStore(db);
      return {
        async adopt(externalIds) {
          await venue.stored();
          venue.adopt(await ledger.load(externalIds));
        },
        async evict(externalIds) {
          await venue.stored();
          venue.evict(externalIds);
        },
      };
    },
  };
}
