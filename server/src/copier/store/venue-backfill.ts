import type { BrokerFill, BrokerOrder } from '../../brokers/types';
import type { Db } from '../../db/db';
import { orderStatusOf } from '../engine/status-map';
import { RECENT_EVENTS_MS } from './recent-events';

/** An account whose venue history is fed in, as the accounts' owner (`connections/accounts-repo.ts`) reads it. */
export interface VenueAccount {
  id: number;
  user_id: number;
  /** The venue's own account id, which its orders and fills name. */
  external_id: string;
  /** The leader's hand-placed orders are leader rows; the others' are manual. */
  is_master: boolean;
}

/**
 * What a venue holds for some accounts since a moment: the orders placed by hand (copies are the copier's own
 * rows, whose outcome the engine looks up itself) and every fill. Any broker able to read its history back can
 * feed it.
 */
export interface VenueHistory {
  accounts: readonly VenueAccount[];
  orders: readonly BrokerOrder[];
  fills: readonly BrokerFill[];
}

/** Reads the venue's history since `sinceMs` in the backfill's transaction. */
export type ReadVenueHistory = (tx: Db, sinceMs: number) => Promise<VenueHistory>;

/** The accounts in the statements: one row each, typed as `VenueAccount`. */
const ACCOUNTS =
  'jsonb_to_recordset($2::jsonb) AS a(id integer, user_id integer, external_id text, is_master boolean)';

/**
 * The copier writes the order and fill rows it sees a moment after the venue reported them, so a server killed
 * in between leaves the venue with orders and fills the orders list lacks. At start-up, before the copier runs,
 * the rows of the recent-event window that are missing are added from the venue's history, in one transaction:
 * leader rows on the leader, manual ones elsewhere. Idempotent: rows already there are left as they are.
 */
export async function addMissingVenueRows(
  db: Db,
  readHistory: ReadVenueHistory,
  now: number = Date.now(),
): Promise<void> {
  await db.tx(async (tx) => {
    const history = await readHistory(tx, now - RECENT_EVENTS_MS);
    if (history.accounts.length === 0) return;
    const accounts = JSON.stringify(history.accounts);
    if (history.orders.length > 0)
      await tx.query(
        `INSERT INTO copy_orders (user_id, account_id, role, broker_order_id, symbol, order_type, side, qty, price, stop_price,
           status, reason, created_at)
         SELECT a.user_id, a.id, CASE WHEN a.is_master THEN 'leader' ELSE 'manual' END, o.order_id, o.symbol, o.order_type,
           o.side, o.qty, o.price, o.stop_price, o.status, o.reason, to_timestamp(o.time_ms / 1000.0)
         FROM jsonb_to_recordset($1::jsonb) AS o(order_id text, external_id text, symbol text, order_type text, side text,
           qty numeric, price double precision, stop_price double precision, status text, reason text, time_ms double precision)
         JOIN ${ACCOUNTS} ON a.external_id = o.external_id
         WHERE NOT EXISTS (SELECT 1 FROM copy_orders x WHERE x.account_id = a.id AND x.broker_order_id = o.order_id)
         ORDER BY o.time_ms
         ON CONFLICT DO NOTHING`,
        [
          JSON.stringify(
            history.orders.map((order) => ({
              order_id: order.orderId,
              external_id: order.accountExternalId,
              symbol: order.symbol,
              order_type: order.type,
              side: order.side,
              qty: order.qty,
              price: order.price,
              stop_price: order.stopPrice,
              status: orderStatusOf(order.status),
              reason: order.reason,
              time_ms: order.time,
            })),
          ),
          accounts,
        ],
      );
    if (history.fills.length > 0)
      await tx.query(
        `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
         SELECT a.user_id, a.id, f.fill_id, f.order_id, f.symbol, f.side, f.qty, f.price, to_timestamp(f.time_ms / 1000.0)
         FROM jsonb_to_recordset($1::jsonb) AS f(fill_id text, order_id text, external_id text, symbol text, side text,
           qty numeric, price double precision, time_ms double precision)
         JOIN ${ACCOUNTS} ON a.external_id = f.external_id
         ORDER BY f.time_ms
         ON CONFLICT (account_id, fill_id) DO NOTHING`,
        [
          JSON.stringify(
            history.fills.map((fill) => ({
              fill_id: fill.fillId,
              order_id: fill.orderId,
              external_id: fill.accountExternalId,
              symbol: fill.symbol,
              side: fill.side,
              qty: fill.qty,
              price: fill.price,
              time_ms: fill.time,
            })),
          ),
          accounts,
        ],
      );
  });
}
