import type { Db } from '../../db/db';
import type { Environment } from '../types';

/** One Tradovate order we placed: its id and the client order id we gave it. */
export interface ClientOrderIdRow {
  orderId: number;
  clientOrderId: string;
}

/**
 * The durable mapping client order id → Tradovate order id, per environment and Tradovate user (Tradovate's
 * ids are unique per environment). Writes are idempotent: the same pair may be told many times.
 */
export interface ClientOrderIdStore {
  remember(environment: Environment, userId: number, row: ClientOrderIdRow): Promise<void>;
  orderIdOf(environment: Environment, userId: number, clientOrderId: string): Promise<number | null>;
  /** Every pair of the user, newest first, at most `limit`. */
  ofUser(environment: Environment, userId: number, limit: number): Promise<ClientOrderIdRow[]>;
}

/** Kept in the database: survives restarts and reaches every server node. */
export function dbClientOrderIds(db: Db): ClientOrderIdStore {
  return {
    async remember(environment, userId, row) {
      await db.query(
        `INSERT INTO tradovate_client_orders (environment, tradovate_user_id, client_order_id, order_id)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [environment, userId, row.clientOrderId, row.orderId],
      );
    },
    async orderIdOf(environment, userId, clientOrderId) {
      const rows = await db.query<{ order_id: number }>(
        `SELECT order_id FROM tradovate_client_orders
         WHERE environment = $1 AND tradovate_user_id = $2 AND client_order_id = $3`,
        [environment, userId, clientOrderId],
      );
      return rows[0] ? Number(rows[0].order_id) : null;
    },
    async ofUser(environment, userId, limit) {
      const rows = await db.query<{ order_id: number; client_order_id: string }>(
        `SELECT order_id, client_order_id FROM tradovate_client_orders
         WHERE environment = $1 AND tradovate_user_id = $2 ORDER BY created_at DESC, order_id DESC LIMIT $3`,
        [environment, userId, limit],
      );
      return rows.map((row) => ({ orderId: Number(row.order_id), clientOrderId: row.client_order_id }));
    },
  };
}

/** Without a database (a bare adapter in tools, the benches): kept for the life of the process only. */
export function memoryClientOrderIds(): ClientOrderIdStore {
  // Indexed both ways: every order is remembered twice (its answer, its `New` command), and a scan of the
  // list grew with every order the process placed.
  interface UserRows {
    list: ClientOrderIdRow[];
    byClientId: Map<string, number>;
    orderIds: Set<number>;
  }
  const users = new Map<string, UserRows>();
  const rowsOf = (environment: Environment, userId: number): UserRows => {
    const key = `${environment}:${userId}`;
    let rows = users.get(key);
    if (!rows) {
      rows = { list: [], byClientId: new Map(), orderIds: new Set() };
      users.set(key, rows);
    }
    return rows;
  };
  return {
    async remember(environment, userId, row) {
      const rows = rowsOf(environment, userId);
      if (rows.orderIds.has(row.orderId) || rows.byClientId.has(row.clientOrderId)) return;
      rows.list.push({ ...row });
      rows.orderIds.add(row.orderId);
      rows.byClientId.set(row.clientOrderId, row.orderId);
    },
    async orderIdOf(environment, userId, clientOrderId) {
      return rowsOf(environment, userId).byClientId.get(clientOrderId) ?? null;
    },
    async ofUser(environment, userId, limit) {
      return rowsOf(environment, userId).list.slice(-limit).reverse();
    },
  };
}

/** The store seen from one session: bound to its environment and Tradovate user; writes never block a send. */
export interface SessionClientOrderIds {
  remember(orderId: number, clientOrderId: string): void;
  orderIdOf(clientOrderId: string): Promise<number | null>;
  /** Writes still on their way (a closing session waits for them). */
  settled(): Promise<void>;
}

/** Orders a session remembers having written (see `sessionClientOrderIds`). */
export const TOLD_REMEMBERED = 10_000;

export function sessionClientOrderIds(
  store: ClientOrderIdStore,
  environment: Environment,
  userId: number,
  warn: (message: string) => void,
): SessionClientOrderIds {
  const writes = new Set<Promise<void>>();
  // Each order is told twice (the placeorder answer and its `New` command on the feed): one write is enough,
  // and in production each write is a database insert. A failed write is forgotten, so the next telling retries.
  // Only the latest orders are remembered (a session lives for days): the two tellings come milliseconds
  // apart, and a pair told again after it was let go is written again, which the store takes as a no-op.
  const told = new Map<number, string>();
  return {
    remember(orderId, clientOrderId) {
      if (told.get(orderId) === clientOrderId) return;
      told.set(orderId, clientOrderId);
      if (told.size > TOLD_REMEMBERED) told.delete(told.keys().next().value as number);
      const write = store
        .remember(environment, userId, { orderId, clientOrderId })
        .catch((error: unknown) => {
          if (told.get(orderId) === clientOrderId) told.delete(orderId);
          warn(`Tradovate: could not store client order id ${clientOrderId} (${String(error)})`);
        })
        .finally(() => writes.delete(write));
      writes.add(write);
    },
    orderIdOf: (clientOrderId) => store.orderIdOf(environment, userId, clientOrderId),
    async settled() {
      await Promise.all([...writes]);
    },
  };
}
