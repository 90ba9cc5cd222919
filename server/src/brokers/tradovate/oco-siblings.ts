import type { Db } from '../../db/db';
import type { Environment } from '../types';

/**
 * The second order of each `placeOCO` we send, by its client order id → the first order's client order id.
 * Tradovate records our `clOrdId` on the first order's `New` command; nothing documents that the second's is
 * recorded, so the second is found through the first order's `linkedId` (`lookup.ts`).
 */
export interface OcoSiblingStore {
  remember(
    environment: Environment,
    userId: number,
    pair: { firstClientOrderId: string; siblingClientOrderId: string },
  ): Promise<void>;
  firstOf(environment: Environment, userId: number, siblingClientOrderId: string): Promise<string | null>;
}

/** Kept in the database: written before the pair is sent, read after a lost answer on any node. */
export function dbOcoSiblings(db: Db): OcoSiblingStore {
  return {
    async remember(environment, userId, pair) {
      await db.query(
        `INSERT INTO tradovate_oco_siblings
           (environment, tradovate_user_id, sibling_client_order_id, first_client_order_id)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [environment, userId, pair.siblingClientOrderId, pair.firstClientOrderId],
      );
    },
    async firstOf(environment, userId, siblingClientOrderId) {
      const rows = await db.query<{ first_client_order_id: string }>(
        `SELECT first_client_order_id FROM tradovate_oco_siblings
         WHERE environment = $1 AND tradovate_user_id = $2 AND sibling_client_order_id = $3`,
        [environment, userId, siblingClientOrderId],
      );
      return rows[0]?.first_client_order_id ?? null;
    },
  };
}

/** Without a database (a bare adapter in tools, the benches): kept for the life of the process only. */
export function memoryOcoSiblings(): OcoSiblingStore {
  const firsts = new Map<string, string>();
  const key = (environment: Environment, userId: number, clientOrderId: string): string =>
    `${environment}:${userId}:${clientOrderId}`;
  return {
    async remember(environment, userId, pair) {
      const at = key(environment, userId, pair.siblingClientOrderId);
      if (!firsts.has(at)) firsts.set(at, pair.firstClientOrderId);
    },
    async firstOf(environment, userId, siblingClientOrderId) {
      return firsts.get(key(environment, userId, siblingClientOrderId)) ?? null;
    },
  };
}

/** The store seen from one session: bound to its environment and Tradovate user. */
export interface SessionOcoSiblings {
  remember(firstClientOrderId: string, siblingClientOrderId: string): Promise<void>;
  firstOf(siblingClientOrderId: string): Promise<string | null>;
}

export function sessionOcoSiblings(
  store: OcoSiblingStore,
  environment: Environment,
  userId: number,
): SessionOcoSiblings {
  return {
    remember: (firstClientOrderId, siblingClientOrderId) =>
      store.remember(environment, userId, { firstClientOrderId, siblingClientOrderId }),
    firstOf: (siblingClientOrderId) => store.firstOf(environment, userId, siblingClientOrderId),
  };
}
