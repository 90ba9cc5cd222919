import type { Db } from '../../db/db';
import type { OrderSide } from '../types';

/**
 * A bracket the adapter keeps itself (ProjectX could not take it natively): the entry, then a stop and a
 * target placed once the entry is done, one cancelled when the other fills.
 */
export interface SyntheticBracket {
  accountExternalId: string;
  entryClientOrderId: string;
  symbol: string;
  entrySide: OrderSide;
  stopLoss: number | null;
  takeProfit: number | null;
  /** Contracts the legs protect: the entry's filled quantity once it is done; null before. */
  legQty: number | null;
  /** `entry`: waiting for the entry; `legs`: stop and target out, OCO kept by us; `done`: nothing left to do. */
  stage: 'entry' | 'legs' | 'done';
  /**
   * A linked pair without an entry (a follower's copy of a leader's bracket legs): the legs' own client ids, and
   * `entryClientOrderId` is the stop's. Null for a bracket with an entry (legs `bk.<entry>.sl|tp`).
   */
  legIds?: { sl: string; tp: string } | null;
}

/** Where brackets live between restarts, per gateway user (`<rest host>|<user name>`). */
export interface BracketStore {
  /** The user's brackets not done yet. */
  pending(gatewayUser: string): Promise<SyntheticBracket[]>;
  save(gatewayUser: string, bracket: SyntheticBracket): Promise<void>;
}

interface BracketRow {
  account_id: string;
  entry_client_order_id: string;
  symbol: string;
  entry_side: OrderSide;
  stop_loss: number | null;
  take_profit: number | null;
  leg_qty: number | null;
  stage: SyntheticBracket['stage'];
  stop_client_order_id: string | null;
  target_client_order_id: string | null;
}

/** In the database: a restarted server still cancels the sibling of a leg that filled meanwhile. */
export function dbBracketStore(db: Db): BracketStore {
  return {
    async pending(gatewayUser) {
      const rows = await db.query<BracketRow>(
        `SELECT account_id, entry_client_order_id, symbol, entry_side, stop_loss, take_profit, leg_qty, stage,
                stop_client_order_id, target_client_order_id
         FROM projectx_synthetic_brackets WHERE gateway_user = $1 AND stage <> 'done' ORDER BY created_at`,
        [gatewayUser],
      );
      return rows.map((row) => ({
        accountExternalId: row.account_id,
        entryClientOrderId: row.entry_client_order_id,
        symbol: row.symbol,
        entrySide: row.entry_side,
        stopLoss: row.stop_loss === null ? null : Number(row.stop_loss),
        takeProfit: row.take_profit === null ? null : Number(row.take_profit),
        legQty: row.leg_qty === null ? null : Number(row.leg_qty),
        stage: row.stage,
        legIds:
          row.stop_client_order_id === null || row.target_client_order_id === null
            ? null
            : { sl: row.stop_client_order_id, tp: row.target_client_order_id },
      }));
    },
    async save(gatewayUser, b) {
      await db.query(
        `INSERT INTO projectx_synthetic_brackets
           (gateway_user, account_id, entry_client_order_id, symbol, entry_side, stop_loss, take_profit, leg_qty, stage,
            stop_client_order_id, target_client_order_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (gateway_user, account_id, entry_client_order_id)
         DO UPDATE SET leg_qty = EXCLUDED.leg_qty, stage = EXCLUDED.stage, updated_at = now()`,
        [
          gatewayUser,
          b.accountExternalId,
          b.entryClientOrderId,
          b.symbol,
          b.entrySide,
          b.stopLoss,
          b.takeProfit,
          b.legQty,
          b.stage,
          b.legIds?.sl ?? null,
          b.legIds?.tp ?? null,
        ],
      );
    },
  };
}

/** Without a database (a bare adapter in tools and unit tests): for the life of the process only. */
export function memoryBracketStore(): BracketStore {
  const rows = new Map<string, SyntheticBracket>();
  return {
    async pending(gatewayUser) {
      return [...rows]
        .filter(([key, b]) => key.startsWith(`${gatewayUser}\n`) && b.stage !== 'done')
        .map(([, b]) => ({ ...b }));
    },
    async save(gatewayUser, b) {
      rows.set(`${gatewayUser}\n${b.accountExternalId}\n${b.entryClientOrderId}`, { ...b });
    },
  };
}
