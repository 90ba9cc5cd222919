import type { Db } from '../../db/db';

/**
 * The store's hook for a process that may run a user's copy group only while it holds it (several nodes: a lease
 * with a fencing token). The store knows nothing of who decides; without a fence every claim and row is stored.
 */

/** The lease under which this process may claim for a user's group, or null (it may not: nothing is claimed). */
export interface ClaimFence {
  leaseOf(userId: number): { nodeId: string; token: number } | null;
}

/** Decides which users' rows written behind (order rows, outcomes, fills, skips) may still be stored. */
export interface WriteFence {
  /**
   * The users among `userIds` whose rows this process may store, decided in the write's own transaction `tx` (so
   * a change of owner waits for the write, or the write sees it); the others' rows are refused.
   */
  liveOwners(tx: Db, userIds: Iterable<number>): Promise<Set<number>>;
}

/** Both: what a fenced store is given. */
export type CopyStoreFence = ClaimFence & WriteFence;

/** Rows of a group this process no longer owns, refused by the fence; the new owner reconciles from the broker. */
export class FencedRowsError extends Error {
  constructor(readonly refused: number) {
    super(`${refused} copier row(s) not stored: this node no longer holds the copy group's lease`);
    this.name = 'FencedRowsError';
  }
}
