import { recentPaperHistory } from '../brokers/paper/recent-history';
import { paperAccounts } from '../connections/accounts-repo';
import { addMissingVenueRows } from '../copier/store/venue-backfill';
import type { Db } from '../db/db';

/**
 * Start-up, before the copier runs: the orders list gets the paper orders and fills a killed server left
 * unrecorded. Each table is touched by its owner: the accounts by theirs, the ledger by the paper broker, the
 * order rows by the copier.
 */
export function backfillPaperOrderRows(db: Db, now?: number): Promise<void> {
  return addMissingVenueRows(
    db,
    async (tx, sinceMs) => {
      const accounts = await paperAccounts(tx);
      const history = await recentPaperHistory(
        tx,
        accounts.map((account) => account.external_id),
        sinceMs,
      );
      return { accounts, ...history };
    },
    now,
  );
}
