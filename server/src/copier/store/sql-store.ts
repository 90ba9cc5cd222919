import type { BrokerEvent } from '../../brokers/types';
import type { Db } from '../../db/db';
import { orderStatusOf } from '../engine/status-map';
import type { ClaimRequest, ClaimResult, CopyStore } from '../engine/ports';
import type { CopyIntent, CopyOutcome, CopySkip, EngineAccount } from '../engine/types';
import { BatchWriter } from './batch-writer';
import {
  BATCH_CLAIM_SQL,
  type BatchClaimRow,
  ClaimBatches,
  type ClaimInput,
  FENCED_BATCH_CLAIM_SQL,
  resultsOf,
} from './claim-batches';
import type { ClaimFence, WriteFence } from './store-fence';
import {
  CLAIM_ROW_COLUMNS,
  CLAIM_SKIP_COLUMNS,
  claimRowsOf,
  claimSkipRowOf,
  claimSkipRowsOf,
} from './claim-rows';
import { withFields } from '../../runtime/with-fields';

/**
 * The claim statement. With a fence (several nodes), the event is stored only while the node's lease on the
 * user's copy group ($5 node, $6 fencing token) is live; `FOR SHARE` makes a takeover wait for a claim under
 * way, and a claim wait for a takeover under way (then it sees the new token and stores nothing).
 */
function claimSql(fenced: boolean): string {
  const ev = fenced
    ? `lease AS (
  SELECT token FROM copy_group_leases
  WHERE user_id = $2 AND node_id = $5 AND token = $6 AND expires_at > clock_timestamp() FOR SHARE
), ev AS (
  INSERT INTO copy_events (event_key, user_id) SELECT $1, $2 FROM lease ON CONFLICT DO NOTHING RETURNING event_key
)`
    : `ev AS (
  INSERT INTO copy_events (event_key, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_key
)`;
  return `
WITH ${ev}, ins AS (
  INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, price, stop_price,
    status, leader_order_id, is_exit, reason, resolved)
  SELECT $2, x.account_id, 'copy', x.client_order_id, $1, x.symbol, x.order_type, x.side, x.qty, x.price, x.stop_price,
    'Pending New', x.leader_order_id, x.is_exit, x.reason, false
  FROM jsonb_to_recordset($3::jsonb) AS x(${CLAIM_ROW_COLUMNS})
  WHERE EXISTS (SELECT 1 FROM ev)
  ON CONFLICT (client_order_id) DO NOTHING
  RETURNING client_order_id
), skipped AS (
  INSERT INTO copy_orders (user_id, account_id, role, event_key, symbol, order_type, side, qty, price, status, reason)
  SELECT $2, x.account_id, 'copy', $1, x.symbol, x.order_type, x.side, x.qty, x.price, x.status, x.reason
  FROM jsonb_to_recordset($4::jsonb) AS x(${CLAIM_SKIP_COLUMNS})
  WHERE EXISTS (SELECT 1 FROM ev)
)
SELECT (SELECT count(*) FROM ev)::int AS fresh, (SELECT coalesce(json_agg(client_order_id), '[]'::json) FROM ins) AS claimed`;
}
const CLAIM_SQL = claimSql(false);
const FENCED_CLAIM_SQL = claimSql(true);

/**
 * The engine's store on a shared PostgreSQL: the claim is one statement in the database, so server processes
 * sharing it never both send for one event; the rest is written behind (with a fence, fenced like claims).
 */
export class SqlCopyStore implements CopyStore {
  protected readonly behind: BatchWriter;
  private readonly claims = new ClaimBatches(
    (inputs) => this.claimMany(inputs),
    (input) => this.claimOne(input),
  );

  constructor(
    protected readonly db: Db,
    onError: (error: unknown) => void,
    behind?: BatchWriter,
    private readonly fence: ClaimFence | null = null,
    /** Several nodes: the rows written behind are stored only under the live lease, like claims. */
    writeFence: WriteFence | null = null,
  ) {
    this.behind = behind ?? new BatchWriter(db, onError, null, writeFence);
  }

  async open(): Promise<void> {
    // Nothing to prepare: the database holds every claim.
  }

  async claim({ eventKey, userId, intents, skips }: ClaimRequest): Promise<ClaimResult> {
    const input: ClaimInput = {
      event_key: eventKey,
      user_id: userId,
      intents: claimRowsOf(intents),
      skips: claimSkipRowsOf(skips),
    };
    if (this.fence !== null) {
      // A node that does not surely hold the group's lease claims nothing, so it sends nothing.
      const lease = this.fence.leaseOf(userId);
      if (lease === null) return { fresh: false, claimed: new Set() };
      input.node_id = lease.nodeId;
      input.token = lease.token;
    }
    return this.claims.claim(input);
  }

  /** One event's claim in a statement of its own. */
  private async claimOne(input: ClaimInput): Promise<ClaimResult> {
    const params: unknown[] = [
      input.event_key,
      input.user_id,
      JSON.stringify(input.intents),
      JSON.stringify(input.skips),
    ];
    if (this.fence !== null) params.push(input.node_id, input.token);
    const sql = this.fence === null ? CLAIM_SQL : FENCED_CLAIM_SQL;
    const [row] = await this.db.query<{ fresh: number; claimed: string[] | string }>(sql, params);
    const claimed =
      typeof row?.claimed === 'string' ? (JSON.parse(row.claimed) as string[]) : (row?.claimed ?? []);
    return { fresh: (row?.fresh ?? 0) > 0, claimed: new Set(claimed) };
  }

  /** Several events' claims in one statement (one commit). */
  private async claimMany(inputs: ClaimInput[]): Promise<ClaimResult[]> {
    const sql = this.fence === null ? BATCH_CLAIM_SQL : FENCED_BATCH_CLAIM_SQL;
    const rows = await this.db.query<BatchClaimRow>(sql, [JSON.stringify(inputs)]);
    return resultsOf(inputs, rows);
  }

  recordOutcome(outcome: CopyOutcome): void {
    this.behind.patchCopy({
      client_order_id: outcome.clientOrderId,
      status: outcome.status,
      broker_order_id: outcome.brokerOrderId,
      reason: outcome.reason,
      price: null,
      qty: null,
      sent_ms: outcome.sentMs,
      ack_ms: outcome.ackMs,
      clear_reason: outcome.correctsUnknown === true,
    });
  }

  recordSkip(skip: CopySkip): void {
    this.behind.addSkip(withFields(claimSkipRowOf(skip), { user_id: skip.userId, event_key: skip.eventKey }));
  }

  recordBrokerEvent(account: EngineAccount, event: BrokerEvent, role: 'leader' | 'copy' | 'manual'): void {
    if (event.kind === 'fill') {
      this.behind.addFill({
        user_id: account.userId,
        account_id: account.id,
        fill_id: event.fillId,
        broker_order_id: event.orderId,
        symbol: event.symbol,
        side: event.side,
        qty: event.qty,
        price: event.price,
        filled_ms: event.time,
      });
      return;
    }
    if (event.kind !== 'order') return;
    const o = event.order;
    const status = orderStatusOf(o.status);
    const price = o.price ?? o.stopPrice;
    if (role === 'copy' && o.clientOrderId !== null) {
      this.behind.patchCopy({
        client_order_id: o.clientOrderId,
        status,
        broker_order_id: o.orderId,
        reason: o.reason,
        price,
        qty: o.qty,
        sent_ms: null,
        ack_ms: null,
      });
      return;
    }
    this.behind.upsertOrder({
      user_id: account.userId,
      account_id: account.id,
      role,
      broker_order_id: o.orderId,
      symbol: o.symbol,
      order_type: o.type,
      side: o.side,
      qty: o.qty,
      price,
      stop_price: o.stopPrice,
      status,
      reason: o.reason,
      created_ms: o.time,
    });
  }

  async unresolved(accountIds: readonly number[]): Promise<CopyIntent[]> {
    if (accountIds.length === 0) return [];
    await this.behind.flush();
    const rows = await this.db.query<{
      client_order_id: string;
      event_key: string;
      user_id: number;
      account_id: number;
      symbol: string;
      side: 'buy' | 'sell';
      qty: number;
      order_type: 'Market' | 'Limit' | 'Stop';
      price: number | null;
      stop_price: number | null;
      is_exit: boolean;
      leader_order_id: string | null;
    }>(
      `SELECT client_order_id, event_key, user_id, account_id, symbol, side, qty, order_type, price, stop_price, is_exit, leader_order_id
       FROM copy_orders WHERE NOT resolved AND client_order_id IS NOT NULL AND account_id = ANY($1::int[])`,
      [accountIds],
    );
    return rows.map((r) => ({
      clientOrderId: r.client_order_id,
      eventKey: r.event_key,
      userId: r.user_id,
      accountId: r.account_id,
      symbol: r.symbol,
      side: r.side,
      qty: r.qty,
      type: r.order_type,
      price: r.price,
      stopPrice: r.stop_price,
      exit: r.is_exit,
      leaderOrderId: r.leader_order_id,
    }));
  }

  flush(): Promise<void> {
    return this.behind.flush();
  }

  /** Writes what is queued; the store is not used afterwards. */
  async close(): Promise<void> {
    await this.flush();
  }
}
