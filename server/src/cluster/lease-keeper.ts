import { performance } from 'node:perf_hooks';
import type { HeldLease, LeaseStore } from './lease-store';

export interface LeaseTimings {
  /** How long a lease lives in the database past its last renewal. */
  ttlMs: number;
  /** How often the node renews all its leases. */
  renewMs: number;
  /**
   * The node stops sending this long before the end of the lease as it sees it: covers a send already checked
   * but not yet on the wire, and clocks running at slightly different rates.
   */
  marginMs: number;
}

interface Held {
  token: number;
  /** Local monotonic time until which the lease is surely still the node's in the database. */
  validUntil: number;
}

/**
 * This node's leases as it knows them. The local deadline of a lease is counted from the moment the renewal
 * was *sent* (the database's expiry is its own clock at the update, which is later), so the node always
 * believes its lease ends before the database does: a node that stops renewing (paused, cut off from the
 * database) stops sending before any other node can take the group over.
 */
export class LeaseKeeper {
  private readonly held = new Map<number, Held>();

  constructor(
    private readonly store: LeaseStore,
    private readonly nodeId: string,
    private readonly timings: LeaseTimings,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Users whose group this node holds (valid or not yet noticed lost). */
  users(): number[] {
    return [...this.held.keys()];
  }

  get count(): number {
    return this.held.size;
  }

  /** The token to send with a claim, or null when the lease is not surely this node's right now. */
  tokenOf(userId: number): number | null {
    const held = this.held.get(userId);
    if (held === undefined) return null;
    return this.now() < held.validUntil - this.timings.marginMs ? held.token : null;
  }

  isValid(userId: number): boolean {
    return this.tokenOf(userId) !== null;
  }

  /** The lease as last known, valid or not (for logs and the session log). */
  leaseOf(userId: number): HeldLease | null {
    const held = this.held.get(userId);
    return held === undefined ? null : { userId, token: held.token };
  }

  async acquire(userId: number): Promise<HeldLease | null> {
    const sentAt = this.now();
    const lease = await this.store.acquire(userId, this.nodeId, this.timings.ttlMs);
    if (lease !== null)
      this.held.set(userId, { token: lease.token, validUntil: sentAt + this.timings.ttlMs });
    return lease;
  }

  /** Renews every lease; answers the users whose lease was lost (expired before the renewal reached it). */
  async renew(): Promise<number[]> {
    const sentAt = this.now();
    const held = [...this.held].map(([userId, { token }]) => ({ userId, token }));
    const kept = await this.store.renew(this.nodeId, held, this.timings.ttlMs);
    const keptTokens = new Map(kept.map((lease) => [lease.userId, lease.token]));
    const lost: number[] = [];
    for (const { userId, token } of held) {
      const entry = this.held.get(userId);
      // Taken or given up while the renewal was on its way: that entry is not this renewal's business.
      if (entry === undefined || entry.token !== token) continue;
      if (keptTokens.get(userId) === token) entry.validUntil = sentAt + this.timings.ttlMs;
      else lost.push(userId);
    }
    for (const userId of lost) this.held.delete(userId);
    return lost;
  }

  /** Forgets a lease locally (lost) without telling the database. */
  forget(userId: number): void {
    this.held.delete(userId);
  }

  /** Hands a lease back in the database; the caller closed the group's sessions first. */
  async release(userId: number): Promise<void> {
    const held = this.held.get(userId);
    if (held === undefined) return;
    this.held.delete(userId);
    await this.store.release({ userId, token: held.token }, this.nodeId);
  }
}
