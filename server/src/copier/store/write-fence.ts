import type { Db } from '../../db/db';

/**
 * Several nodes: the leases under which this node writes the rows it keeps behind (order rows, outcomes, fills,
 * skips). The database decides whether a lease is still live, so the token is the one last held, valid or not.
 */
export interface WriteFence {
  readonly nodeId: string;
  /** The token of this node's last lease on the user's copy group, or null (it never held it or gave it up). */
  heldToken(userId: number): number | null;
}

/**
 * Answers the users among `userIds` whose group this node still owns under the token it holds, checked in the
 * write's own transaction: the lease rows are locked for share, so a takeover waits for the write (and the write
 * of a node that lost the group stores nothing of that group). The caller's pool ends a transaction left idle by
 * a paused node (see `db/pg-db.ts`), so a takeover waits that long at most.
 */
export async function liveOwners(tx: Db, fence: WriteFence, userIds: Iterable<number>): Promise<Set<number>> {
  const held = new Map<number, number>();
  for (const userId of userIds) {
    const token = fence.heldToken(userId);
    if (token !== null) held.set(userId, token);
  }
  if (held.size === 0) return new Set();
  const rows = await tx.query<{ user_id: number }>(
    `SELECT l.user_id FROM copy_group_leases l JOIN unnest($2::int[], $3::bigint[]) AS h(user_id, token)
       ON h.user_id = l.user_id AND h.token = l.token
     WHERE l.node_id = $1 AND l.expires_at > clock_timestamp() FOR SHARE OF l`,
    [fence.nodeId, [...held.keys()], [...held.values()]],
  );
  return new Set(rows.map((row) => row.user_id));
}

/** Rows of a group this node no longer owns, refused by the fence; the new owner reconciles from the broker. */
export class FencedRowsError extends Error {
  constructor(readonly refused: number) {
    super(`${refused} copier row(s) not stored: this node no longer holds the copy group's lease`);
    this.name = 'FencedRowsError';
  }
}
