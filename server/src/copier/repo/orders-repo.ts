import type { Order, OrderData, OrderStatus, OrderType, Side } from '@synctrade/api/types';
import type { Db } from '../../db/db';

interface OrderRow {
  id: number;
  connection_name: string;
  account_name: string;
  created_at: Date;
  symbol: string;
  order_type: OrderType;
  side: Side;
  qty: number;
  price: number | null;
  status: OrderStatus;
  reason: string | null;
  role: Order['role'];
  ack_ms: number | null;
  /** Counted before the LIMIT: the tabs count every order, the list holds the newest. */
  total_count: string | number;
  buy_count: string | number;
  sell_count: string | number;
}

/** Orders answered at once: the newest; `total_orders` and the summary count them all. */
export const MAX_ORDERS = 500;

/**
 * Every order the user's accounts sent or received (leader, copies, manual), newest first and, among orders of the
 * same instant (one transaction's rows share `now()`), the newest id first, so the list reads as a history.
 */
export async function listOrders(db: Db, userId: number): Promise<OrderData> {
  const rows = await db.query<OrderRow>(
    `SELECT o.id, c.name AS connection_name, a.name AS account_name, o.created_at, o.symbol, o.order_type, o.side, o.qty, o.price,
          o.status, o.reason, o.role, o.ack_ms,
          COUNT(*) OVER () AS total_count,
          COUNT(*) FILTER (WHERE o.side = 'buy') OVER () AS buy_count,
          COUNT(*) FILTER (WHERE o.side = 'sell') OVER () AS sell_count
     FROM copy_orders o JOIN broker_accounts a ON a.id = o.account_id JOIN connections c ON c.id = a.connection_id
     WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT ${MAX_ORDERS}`,
    [userId],
  );
  const orders: Order[] = rows.map((row) => ({
    id: Number(row.id),
    connection: row.connection_name,
    account: row.account_name,
    time: new Date(row.created_at).toISOString(),
    contract: row.symbol,
    type: row.order_type,
    side: row.side,
    qty: Number(row.qty),
    price: row.price === null ? null : Number(row.price),
    status: row.status,
    reason: row.reason,
    role: row.role,
    latency_ms: row.ack_ms === null ? null : Math.round(row.ack_ms * 1000) / 1000,
  }));
  const [first] = rows;
  return {
    total_orders: first === undefined ? 0 : Number(first.total_count),
    summary: {
      buy_orders: first === undefined ? 0 : Number(first.buy_count),
      sell_orders: first === undefined ? 0 : Number(first.sell_count),
    },
    orders,
  };
}
