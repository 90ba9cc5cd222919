import type { BrokerSession } from '../brokers/types';
import { externalIdsOfConnection } from '../connections/accounts-repo';
import type { Db } from '../db/db';
import type { AccountDirectory, EngineAccount } from '../copier/engine/ports';
import type { HeldPaperAccounts } from './cluster-paper';
import { FencedSession, type PaperLeases } from './fencing';
import type { LeaseKeeper } from './lease-keeper';
import type { LeaseStore } from './lease-store';

export interface ClusterDirectoryDeps {
  inner: AccountDirectory;
  db: Db;
  keeper: LeaseKeeper;
  /** True while the node holds the user's group and is not handing it over. */
  owns: (userId: number) => boolean;
  leases: LeaseStore;
  nodeId: string;
  /** The paper accounts in this node's venue, continued from the ledger and given back. */
  paper: HeldPaperAccounts;
  /** The venue's ledger fence: the paper accounts are stored only under this lease. */
  paperLeases: PaperLeases;
  log: (error: unknown, context: string) => void;
}

/**
 * The engine's directory on a node of a cluster: the engine sees only the users whose copy group this node
 * holds a lease on (a user it does not own has no accounts here, so its sessions close), every session it opens
 * is fenced by that lease and logged, and a paper session continues its accounts from the ledger first.
 */
export class ClusterDirectory implements AccountDirectory {
  /** Paper connections whose accounts this node's venue continued from the ledger, with their open sessions. */
  private readonly paperHeld = new Map<number, number>();

  constructor(private readonly deps: ClusterDirectoryDeps) {}

  /**
   * True while an open session of the engine holds the connection's paper accounts in this node's venue (adopted
   * under the lease). Anything else in the venue about them is stale or missing: an order booked there would
   * overwrite the ledger behind the owner's back, and the owner's engine would never see it.
   */
  holdsPaper(connectionId: number): boolean {
    return (this.paperHeld.get(connectionId) ?? 0) > 0;
  }

  async loadUser(userId: number): Promise<EngineAccount[]> {
    if (!this.deps.owns(userId)) return [];
    return this.deps.inner.loadUser(userId);
  }

  async activeUsers(): Promise<number[]> {
    return this.deps.keeper.users().filter((userId) => this.deps.owns(userId));
  }

  async openSession(connectionId: number): Promise<BrokerSession> {
    const { db, keeper, leases, nodeId, paperLeases } = this.deps;
    const [row] = await db.query<{ user_id: number; broker: string }>(
      'SELECT user_id, broker FROM connections WHERE id = $1',
      [connectionId],
    );
    if (row === undefined) throw new Error(`Connection ${connectionId} is gone`);
    const lease = keeper.leaseOf(row.user_id);
    if (lease === null || !keeper.isValid(row.user_id))
      throw new Error('This server node no longer owns the copy group');
    let paper: string[] = [];
    if (row.broker === 'sim') {
      paper = await externalIdsOfConnection(db, connectionId);
      // The paper venue of the previous owner stored every change before telling anyone: continue from there.
      await this.deps.paper.adopt(paper);
      paperLeases.hold(paper, lease);
    }
    const heldPaper = paper.length > 0;
    let released = false;
    // Before the accounts leave the venue, no order ticket may reach them here any more.
    const releasePaper = (): void => {
      if (!heldPaper || released) return;
      released = true;
      const left = (this.paperHeld.get(connectionId) ?? 1) - 1;
      if (left > 0) this.paperHeld.set(connectionId, left);
      else this.paperHeld.delete(connectionId);
    };
    // Logged before it opens and closed after it closed: the logged span holds the real one.
    const logId = await leases.sessionOpened(connectionId, lease, nodeId);
    let session: BrokerSession;
    try {
      session = await this.deps.inner.openSession(connectionId);
    } catch (error: unknown) {
      paperLeases.release(paper, lease);
      await leases.sessionClosed(logId);
      throw error;
    }
    if (heldPaper) this.paperHeld.set(connectionId, (this.paperHeld.get(connectionId) ?? 0) + 1);
    return new FencedSession(
      session,
      () => keeper.tokenOf(row.user_id) === lease.token,
      async () => {
        releasePaper();
        if (paper.length > 0) {
          await this.deps.paper.evict(paper);
          paperLeases.release(paper, lease);
        }
        await leases.sessionClosed(logId).catch((error: unknown) => this.deps.log(error, 'session log'));
      },
    );
  }

  budgetOf(connectionId: number): { brokerUser: string; perMinute: number } {
    return this.deps.inner.budgetOf(connectionId);
  }

  stopFollowing(accountId: number, reason: string): Promise<void> {
    return this.deps.inner.stopFollowing(accountId, reason);
  }

  async stopWaiting(accountId: number): Promise<void> {
    await this.deps.inner.stopWaiting?.(accountId);
  }

  storeHeldByHand(accountId: number, symbols: readonly string[]): Promise<void> {
    return this.deps.inner.storeHeldByHand(accountId, symbols);
  }

  async markConnection(
    connectionId: number,
    status: 'connected' | 'disconnected' | 'reauth_required',
  ): Promise<void> {
    await this.deps.inner.markConnection?.(connectionId, status);
  }
}
