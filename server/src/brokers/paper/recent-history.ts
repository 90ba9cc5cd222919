import type { Db } from '../../db/db';
import type { BrokerFill, BrokerOrder } from '../types';
import { orderOf, type OrderRecord } from './ledger-store';

/** What the paper ledger holds of some accounts since a moment: the orders placed by hand and every fill. */
export interface PaperHistory {
  orders: BrokerOrder[];
  fills: BrokerFill[];
}

/**
 * The paper ledger's orders placed by hand (no client order id: copies carry one) and fills of the given accounts
 * since `sinceMs`, oldest first. Reads the ledger's own tables only; whoever keeps order lists decides what to add.
 */
export async function recentPaperHistory(
  db: Db,
  externalIds: readonly string[],
  sinceMs: number,
): Promise<PaperHistory> {
  const orders = await db.query<OrderRecord>(
    `SELECT * FROM sim_orders
     WHERE time_ms >= $1 AND client_order_id IS NULL AND external_id = ANY($2::text[])
     ORDER BY time_ms, order_id`,
    [sinceMs, externalIds],
  );
  const fills = await db.query<{
    fill_id: string;
    order_id: string;
    external_id: string;
    symbol: string;
    side: BrokerFill['side'];
    qty: number;
    price: number;
    time_ms: number;
  }>(
    `SELECT fill_id, order_id, external_id, symbol, side, qty, price, time_ms
     FROM sim_fills
     WHERE time_ms >= $1 AND external_id = ANY($2::text[])
     ORDER BY time_ms, fill_id`,
    [sinceMs, externalIds],
  );
  return {
    orders: orders.map(orderOf),
    fills: fills.map((row) => ({
      fillId: row.fill_id,
      orderId: row.order_id,
      accountExternalId: row.external_id,
      symbol: row.symbol,
      side: row.side,
      qty: row.qty,
      price: row.price,
      time: row.time_ms,
    })),
  };
}
