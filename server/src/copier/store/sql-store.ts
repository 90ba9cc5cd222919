import type { BrokerEvent } from '../../brokers/types';
import type { Db } from '../../db/db';
import { orderStatusOf } from '../engine/status-map';
import type { ClaimRequest, ClaimResult, CopyStore } from '../engine/ports';
import type { CopyIntent, CopyOutcome, CopySkip, EngineAccount } from '../engine/types';
import { BatchWriter } from './batch-writer';
import {
  CLAIM_SQL,
  ClaimBatches,
  type ClaimedRow,
  type ClaimInput,
  FENCED_CLAIM_SQL,
  resultsOf,
} from './claim-batches';
import type { ClaimFence, WriteFence } from './store-fence';
import { claimRowsOf, claimSkipRowOf, claimSkipRowsOf } from './claim-rows';
import { withFields } from '../../runtime/with-fields';

/**
 * The engine's store on a shared PostgreSQL: the claim is one statement in the database, so server processes
 * sharing it never both send for one event; the rest is written behind (with a fence, fenced like claims).
 */
export class SqlCopyStore implements CopyStore {
  protected readonly behind: BatchWriter;
  private readonly claims = new ClaimBatches((inputs) => this.claimAll(inputs));

  constructor(
    protected readonly db: Db,
    onError: (error: unknown) => void,
    behind?: BatchWriter,
    private readonly fence: ClaimFence | null = null,
    /** Several nodes: the rows written behind are stored only under the live lease, like claims. */
    writeFence: WriteFence | null = null,
    /** Where claims are stated: connections of their own, so a claim never waits behind other statements. */
    private readonly claimDb: Db = db,
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

  /** Events' claims in one statement (one commit): one event, or several that arrived together. */
  private async claimAll(inputs: ClaimInput[]): Promise<ClaimResult[]> {
    const [sql, name] =
      this.fence === null ? [CLAIM_SQL, 'copy-claim'] : [FENCED_CLAIM_SQL, 'copy-claim-fenced'];
    const rows = await this.claimDb.query<ClaimedRow>(sql, [JSON.stringify(inputs)], name);
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
