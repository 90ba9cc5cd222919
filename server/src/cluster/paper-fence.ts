import type { LedgerBatch, LedgerFence } from '../brokers/sim/ledger-store';
import type { Db } from '../db/db';
import type { HeldLease } from './lease-store';

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
