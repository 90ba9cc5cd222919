import type { Db } from '../../db/db';

/** How far back the start-up check looks: the copier's recent-event window. */
const BACKFILL_MS = 48 * 3_600_000;

/** A paper account as the backfill needs it (the accounts' owner, `connections/accounts-repo.ts`, reads them). */
export interface PaperAccountRow {
  id: number;
  user_id: number;
  external_id: string;
  is_master: boolean;
}

/** Where the accounts read in the statements come from: one row each, typed as above. */
const PAPER_ACCOUNTS =
  'jsonb_to_recordset($2::jsonb) AS a(id integer, user_id integer, external_id text, is_master boolean)';

/**
 * The copier writes the order and fill rows it sees a moment after the venue reported them, so a server killed
 * in between leaves the paper ledger with orders and fills the orders list lacks. At start-up, before the
 * copier runs, the rows missing for paper accounts are added from the ledger (hand-placed orders: leader rows
 * on the leader, manual ones elsewhere; copies are the copier's own rows and their outcome is looked up by the
 * engine). Idempotent: rows already there are left as they are.
 */
export async function backfillPaperOrderRows(
  db: Db,
  paperAccounts: (db: Db) => Promise<readonly PaperAccountRow[]>,
  now: number = Date.now(),
): Promise<void> {
  const since = now - BACKFILL_MS;
  await db.tx(async (tx) => {
    const accounts = JSON.stringify(await paperAccounts(tx));
    await tx.query(
      `INSERT INTO copy_orders (user_id, account_id, role, broker_order_id, symbol, order_type, side, qty, price, stop_price,
         status, reason, created_at)
       SELECT a.user_id, a.id, CASE WHEN a.is_master THEN 'leader' ELSE 'manual' END, o.order_id, o.symbol, o.order_type, o.side,
         o.qty, o.price, o.stop_price,
         CASE o.status WHEN 'Filled' THEN 'Success' WHEN 'PendingNew' THEN 'Pending New' ELSE o.status END,
         o.reason, to_timestamp(o.time_ms / 1000.0)
       FROM sim_orders o
       JOIN ${PAPER_ACCOUNTS} ON a.external_id = o.external_id
       WHERE o.time_ms >= $1 AND o.client_order_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM copy_orders x WHERE x.account_id = a.id AND x.broker_order_id = o.order_id)
       ON CONFLICT DO NOTHING`,
      [since, accounts],
    );
    await tx.query(
      `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
       SELECT a.user_id, a.id, f.fill_id, f.order_id, f.symbol, f.side, f.qty, f.price, to_timestamp(f.time_ms / 1000.0)
       FROM sim_fills f
       JOIN ${PAPER_ACCOUNTS} ON a.external_id = f.external_id
       WHERE f.time_ms >= $1
       ON CONFLICT (account_id, fill_id) DO NOTHING`,
      [since, accounts],
    );
  });
}
