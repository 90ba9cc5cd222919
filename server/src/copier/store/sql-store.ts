import type { BrokerEvent } from '../../brokers/types';
import type { Db } from '../../db/db';
import { orderStatusOf } from '../engine/status-map';
import type { ClaimResult, CopyStore } from '../engine/ports';
import type { CopyIntent, CopyOutcome, CopySkip, EngineAccount } from '../engine/types';
import { WriteBehind } from './write-behind';

const CLAIM_SQL = `
WITH ev AS (
  INSERT INTO copy_events (event_key, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_key
), ins AS (
  INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, price, stop_price,
    status, leader_order_id, is_exit, resolved)
  SELECT $2, x.account_id, 'copy', x.client_order_id, $1, x.symbol, x.order_type, x.side, x.qty, x.price, x.stop_price,
    'Pending New', x.leader_order_id, x.is_exit, false
  FROM jsonb_to_recordset($3::jsonb) AS x(account_id integer, client_order_id text, symbol text, order_type text, side text,
    qty numeric, price numeric, stop_price numeric, leader_order_id text, is_exit boolean)
  WHERE EXISTS (SELECT 1 FROM ev)
  ON CONFLICT (client_order_id) DO NOTHING
  RETURNING client_order_id
)
SELECT (SELECT count(*) FROM ev)::int AS fresh, (SELECT coalesce(json_agg(client_order_id), '[]'::json) FROM ins) AS claimed`;

/** The engine's store on the server's database: the claim is one statement, the rest is written behind. */
export class SqlCopyStore implements CopyStore {
  private readonly behind: WriteBehind;

  constructor(
    private readonly db: Db,
    onError: (error: unknown) => void,
  ) {
    this.behind = new WriteBehind(db, onError);
  }

  async claim(eventKey: string, userId: number, intents: readonly CopyIntent[]): Promise<ClaimResult> {
    const rows = intents.map((i) => ({
      account_id: i.accountId,
      client_order_id: i.clientOrderId,
      symbol: i.symbol,
      order_type: i.type,
      side: i.side,
      qty: i.qty,
      price: i.price,
      stop_price: i.stopPrice,
      leader_order_id: i.leaderOrderId,
      is_exit: i.exit,
    }));
    const [row] = await this.db.query<{ fresh: number; claimed: string[] | string }>(CLAIM_SQL, [eventKey, userId, JSON.stringify(rows)]);
    const claimed = typeof row?.claimed === 'string' ? (JSON.parse(row.claimed) as string[]) : (row?.claimed ?? []);
    return { fresh: (row?.fresh ?? 0) > 0, claimed: new Set(claimed) };
  }

  recordOutcome(outcome: CopyOutcome): void {
    this.behind.push(
      `UPDATE copy_orders SET status = $2, broker_order_id = coalesce($3, broker_order_id), reason = coalesce($4, reason),
         sent_ms = coalesce($5, sent_ms), ack_ms = coalesce($6, ack_ms), resolved = true, updated_at = now()
       WHERE client_order_id = $1`,
      [outcome.clientOrderId, outcome.status, outcome.brokerOrderId, outcome.reason, outcome.sentMs, outcome.ackMs],
    );
  }

  recordSkip(skip: CopySkip): void {
    this.behind.push(
      `INSERT INTO copy_orders (user_id, account_id, role, event_key, symbol, order_type, side, qty, price, status, reason)
       VALUES ($1, $2, 'copy', $3, $4, $5, $6, $7, $8, $9, $10)`,
      [skip.userId, skip.accountId, skip.eventKey, skip.symbol, skip.type, skip.side, skip.qty, skip.price, skip.status, skip.reason],
    );
  }

  recordBrokerEvent(account: EngineAccount, event: BrokerEvent, role: 'leader' | 'copy' | 'manual'): void {
    if (event.kind === 'fill') {
      this.behind.push(
        `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9 / 1000.0)) ON CONFLICT (account_id, fill_id) DO NOTHING`,
        [account.userId, account.id, event.fillId, event.orderId, event.symbol, event.side, event.qty, event.price, event.time],
      );
      return;
    }
    if (event.kind !== 'order') return;
    const o = event.order;
    const status = orderStatusOf(o.status);
    const price = o.price ?? o.stopPrice;
    if (role === 'copy' && o.clientOrderId !== null) {
      this.behind.push(
        `UPDATE copy_orders SET broker_order_id = $2, status = $3, price = coalesce($4, price), qty = $5, reason = coalesce($6, reason),
           resolved = true, updated_at = now() WHERE client_order_id = $1`,
        [o.clientOrderId, o.orderId, status, price, o.qty, o.reason],
      );
      return;
    }
    this.behind.push(
      `INSERT INTO copy_orders (user_id, account_id, role, broker_order_id, symbol, order_type, side, qty, price, stop_price, status, reason,
         created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, to_timestamp($13 / 1000.0))
       ON CONFLICT (account_id, broker_order_id) DO UPDATE SET status = EXCLUDED.status, qty = EXCLUDED.qty,
         price = coalesce(EXCLUDED.price, copy_orders.price), reason = coalesce(EXCLUDED.reason, copy_orders.reason), updated_at = now()`,
      [account.userId, account.id, role, o.orderId, o.symbol, o.type, o.side, o.qty, price, o.stopPrice, status, o.reason, o.time],
    );
  }

  async unresolved(accountIds: readonly number[]): Promise<CopyIntent[]> {
    if (accountIds.length === 0) return [];
    await this.behind.flush();
    const rows = await this.db.query<{
      client_order_id: string; event_key: string; user_id: number; account_id: number; symbol: string; side: 'buy' | 'sell'; qty: number;
      order_type: 'Market' | 'Limit' | 'Stop'; price: number | null; stop_price: number | null; is_exit: boolean; leader_order_id: string | null;
    }>(
      `SELECT client_order_id, event_key, user_id, account_id, symbol, side, qty, order_type, price, stop_price, is_exit, leader_order_id
       FROM copy_orders WHERE NOT resolved AND client_order_id IS NOT NULL AND account_id = ANY($1::int[])`,
      [accountIds],
    );
    return rows.map((r) => ({
      clientOrderId: r.client_order_id, eventKey: r.event_key, userId: r.user_id, accountId: r.account_id, symbol: r.symbol, side: r.side,
      qty: r.qty, type: r.order_type, price: r.price, stopPrice: r.stop_price, exit: r.is_exit, leaderOrderId: r.leader_order_id,
    }));
  }

  flush(): Promise<void> {
    return this.behind.flush();
  }
}
