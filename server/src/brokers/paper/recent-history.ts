import type { Db } from '../../db/db';
import type { BrokerOrder, OrderSide } from '../types';

/** A fill of the paper venue as its ledger stored it. */
export interface PaperFill {
  fillId: string;
  orderId: string;
  accountExternalId: string;
  symbol: string;
  side: OrderSide;
  qty: number;
  price: number;
  /** Epoch milliseconds. */
  time: number;
}

/** What the paper ledger holds of some accounts since a moment: the orders placed by hand and every fill. */
export interface PaperHistory {
  orders: BrokerOrder[];
  fills: PaperFill[];
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
  const orders = await db.query<{
    order_id: string;
    external_id: string;
    symbol: string;
    side: BrokerOrder['side'];
    qty: number;
    filled_qty: number;
    order_type: BrokerOrder['type'];
    price: number | null;
    stop_price: number | null;
    status: BrokerOrder['status'];
    reason: string | null;
    parent_order_id: string | null;
    time_ms: number;
  }>(
    `SELECT order_id, external_id, symbol, side, qty, filled_qty, order_type, price, stop_price, status, reason,
       parent_order_id, time_ms
     FROM sim_orders
     WHERE time_ms >= $1 AND client_order_id IS NULL AND external_id = ANY($2::text[])
     ORDER BY time_ms, order_id`,
    [sinceMs, externalIds],
  );
  const fills = await db.query<{
    fill_id: string;
    order_id: string;
    external_id: string;
    symbol: string;
    side: OrderSide;
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
    orders: orders.map((row) => ({
      orderId: row.order_id,
      clientOrderId: null,
      accountExternalId: row.external_id,
      symbol: row.symbol,
      side: row.side,
      qty: row.qty,
      filledQty: row.filled_qty,
      type: row.order_type,
      price: row.price,
      stopPrice: row.stop_price,
      status: row.status,
      reason: row.reason,
      parentOrderId: row.parent_order_id,
      time: row.time_ms,
    })),
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
