import type { LedgerBatch, LedgerFence } from '../brokers/paper/ledger-store';
import {
  BrokerError,
  type BrokerEvent,
  type BrokerSession,
  type ModifyOrderCommand,
  type PlaceOrderCommand,
} from '../brokers/types';
import type { CopyStoreFence, WriteFence } from '../copier/store/store-fence';
import type { Db } from '../db/db';
import type { LeaseKeeper } from './lease-keeper';
import type { HeldLease } from './lease-store';

/*
 * A node's fencing, in one place: nothing it does for a copy group counts once it may no longer hold the group's
 * lease. The copy store's claims and rows written behind (`nodeStoreFence`), the broker sessions' commands
 * (`FencedSession`) and the paper ledger's writes (`PaperLeases`) each go only under the group's live lease.
 */

/** Told whether the node surely holds the group's lease right now. */
export type LeaseCheck = () => boolean;

const LOST = 'This server node no longer owns the copy group: nothing is sent from here';

/**
 * A broker session of a copy group owned through a lease: every command that changes something at the broker
 * checks the lease right before it goes (with the keeper's margin), so a node that lost its lease (paused,
 * cut off from the database) sends nothing while the next owner may already be starting. Reads pass through.
 */
export class FencedSession implements BrokerSession {
  constructor(
    private readonly inner: BrokerSession,
    private readonly owns: LeaseCheck,
    private readonly onClose: () => Promise<void>,
  ) {}

  get linksOco(): boolean {
    return this.inner.linksOco === true;
  }

  lastHeardAt(): number | null {
    return this.inner.lastHeardAt?.() ?? null;
  }

  listAccounts(): ReturnType<BrokerSession['listAccounts']> {
    return this.inner.listAccounts();
  }

  positions(): ReturnType<BrokerSession['positions']> {
    return this.inner.positions();
  }

  workingOrders(): ReturnType<BrokerSession['workingOrders']> {
    return this.inner.workingOrders();
  }

  accountSnapshots(): ReturnType<BrokerSession['accountSnapshots']> {
    return this.inner.accountSnapshots();
  }

  findOrderByClientId(
    accountExternalId: string,
    clientOrderId: string,
  ): ReturnType<BrokerSession['findOrderByClientId']> {
    return this.inner.findOrderByClientId(accountExternalId, clientOrderId);
  }

  // The command methods are async so a refusal is a rejected promise, as from a broker, never a throw.
  async placeOrder(command: PlaceOrderCommand): ReturnType<BrokerSession['placeOrder']> {
    this.check();
    return this.inner.placeOrder(command);
  }

  async modifyOrder(command: ModifyOrderCommand): Promise<void> {
    this.check();
    return this.inner.modifyOrder(command);
  }

  async cancelOrder(accountExternalId: string, orderId: string): Promise<void> {
    this.check();
    return this.inner.cancelOrder(accountExternalId, orderId);
  }

  async flatten(accountExternalId: string, symbol?: string): Promise<void> {
    this.check();
    return this.inner.flatten(accountExternalId, symbol);
  }

  subscribe(listener: (event: BrokerEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }

  currentCredentials(): ReturnType<BrokerSession['currentCredentials']> {
    return this.inner.currentCredentials();
  }

  async close(): Promise<void> {
    try {
      await this.inner.close();
    } finally {
      await this.onClose();
    }
  }

  private check(): void {
    // Thrown before the command starts: the engine records it as not sent, never as uncertain.
    if (!this.owns()) throw new BrokerError(LOST, 'rejected');
  }
}

/**
 * Rows written behind (order rows, outcomes, fills, skips): of a batch's users, those whose group this node still
 * owns under the token it last held (`heldToken`, valid or not: the database decides whether the lease is live),
 * checked in the write's own transaction. The lease rows are locked for share, so a takeover waits for the write
 * (and the write of a node that lost the group stores nothing of that group). The node's pool ends a transaction
 * left idle by a paused node (see `db/pg-db.ts`), so a takeover waits that long at most.
 */
export function leaseWriteFence(nodeId: string, heldToken: (userId: number) => number | null): WriteFence {
  return {
    async liveOwners(tx: Db, userIds: Iterable<number>): Promise<Set<number>> {
      const held = new Map<number, number>();
      for (const userId of userIds) {
        const token = heldToken(userId);
        if (token !== null) held.set(userId, token);
      }
      if (held.size === 0) return new Set();
      const rows = await tx.query<{ user_id: number }>(
        `SELECT l.user_id FROM copy_group_leases l JOIN unnest($2::int[], $3::bigint[]) AS h(user_id, token)
           ON h.user_id = l.user_id AND h.token = l.token
         WHERE l.node_id = $1 AND l.expires_at > clock_timestamp() FOR SHARE OF l`,
        [nodeId, [...held.keys()], [...held.values()]],
      );
      return new Set(rows.map((row) => row.user_id));
    },
  };
}

/**
 * The copy store's fence on a node: a claim carries the lease's token while this node surely holds it (and is not
 * handing the group over, `leaving`). Rows written behind carry the token last held (a group being handed over
 * stores its rows before the lease goes back): the database refuses them once another node took the group.
 */
export function nodeStoreFence(
  nodeId: string,
  keeper: LeaseKeeper,
  leaving: ReadonlySet<number>,
): CopyStoreFence {
  return {
    ...leaseWriteFence(nodeId, (userId) => keeper.leaseOf(userId)?.token ?? null),
    leaseOf: (userId) => {
      const token = keeper.tokenOf(userId);
      return token === null || leaving.has(userId) ? null : { nodeId, token };
    },
  };
}

/**
 * The fence of this node's paper venue: each paper account it holds is stored only under the lease of its copy
 * group, checked in the write's own transaction (the lease rows are locked for share, so a takeover waits for
 * the write or the write finds the lease gone; a write left idle by a paused node is ended by the database after
 * `idleLimitMs`, so a takeover waits that long at most). A node that stalled between matching an order and
 * storing it (paused, cut off) and wakes up after another node took the group over stores nothing of it: nobody
 * was told about those changes (the venue answers only once stored), and the new owner continues from the ledger.
 */
export class PaperLeases implements LedgerFence {
  private readonly held = new Map<string, { lease: HeldLease; sessions: number }>();

  constructor(
    private readonly nodeId: string,
    /**
     * A write's transaction left idle this long is ended by the database. The lease rows it locked for share
     * would otherwise stay locked while its node is paused mid-write, and no other node could take them over.
     */
    private readonly idleLimitMs = 2_000,
  ) {}

  /** The accounts were adopted into the venue under `lease`. */
  hold(externalIds: readonly string[], lease: HeldLease): void {
    for (const id of externalIds) {
      const entry = this.held.get(id);
      if (entry !== undefined && entry.lease.token === lease.token) entry.sessions += 1;
      else this.held.set(id, { lease, sessions: 1 });
    }
  }

  /** A session opened under `lease` closed (after the venue stored what it did). */
  release(externalIds: readonly string[], lease: HeldLease): void {
    for (const id of externalIds) {
      const entry = this.held.get(id);
      if (entry === undefined || entry.lease.token !== lease.token) continue;
      entry.sessions -= 1;
      if (entry.sessions <= 0) this.held.delete(id);
    }
  }

  async admit(tx: Db, batch: LedgerBatch): Promise<LedgerBatch> {
    const ids = new Set<string>([
      ...batch.accounts.map((a) => a.externalId),
      ...batch.orders.map((o) => o.accountExternalId),
      ...batch.fills.map((f) => f.accountExternalId),
    ]);
    const leases = new Map<number, number>();
    for (const id of ids) {
      const lease = this.held.get(id)?.lease;
      if (lease !== undefined) leases.set(lease.userId, lease.token);
    }
    const live = new Set<number>();
    if (leases.size > 0) {
      await tx.query(`SELECT set_config('idle_in_transaction_session_timeout', $1, true)`, [
        String(this.idleLimitMs),
      ]);
      const rows = await tx.query<{ user_id: number }>(
        `SELECT l.user_id FROM copy_group_leases l JOIN unnest($2::int[], $3::bigint[]) AS h(user_id, token)
           ON h.user_id = l.user_id AND h.token = l.token
         WHERE l.node_id = $1 AND l.expires_at > clock_timestamp() FOR SHARE OF l`,
        [this.nodeId, [...leases.keys()], [...leases.values()]],
      );
      for (const row of rows) live.add(row.user_id);
    }
    const admitted = (externalId: string): boolean => {
      const lease = this.held.get(externalId)?.lease;
      return lease !== undefined && live.has(lease.userId);
    };
    return {
      accounts: batch.accounts.filter((a) => admitted(a.externalId)),
      orders: batch.orders.filter((o) => admitted(o.accountExternalId)),
      fills: batch.fills.filter((f) => admitted(f.accountExternalId)),
      markets: batch.markets,
    };
  }
}
