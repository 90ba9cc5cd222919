/** A copy group and its weight: the broker sessions it opens (one per enabled connection). */
export interface GroupWeight {
  userId: number;
  sessions: number;
}

/** A live node as it reported itself at its last heartbeat. */
export interface NodeLoad {
  nodeId: string;
  sessions: number;
  /** Its allowance (`CLUSTER_MAX_SESSIONS`); no cap is `Number.MAX_SAFE_INTEGER`. */
  maxSessions: number;
  draining: boolean;
}

export interface BalanceInput {
  nodeId: string;
  draining: boolean;
  /** The live nodes (this one included or not: its own figures come from `owned`). */
  nodes: readonly NodeLoad[];
  /** The groups this node holds. */
  owned: readonly GroupWeight[];
  /** Groups nobody holds (handed back, or of a dead node), this node's own cooldowns left out, by user id. */
  free: readonly GroupWeight[];
  /** The sessions of every group that should run in the cluster. */
  totalSessions: number;
  maxGroups: number;
  maxSessions: number;
}

export type BalanceStep =
  { kind: 'take'; userIds: number[] } | { kind: 'move-out'; userId: number; why: string } | { kind: 'stay' };

const sum = (groups: readonly GroupWeight[]): number => groups.reduce((n, g) => n + g.sessions, 0);

/**
 * One balancing step of one node, by broker sessions (what brokers limit per user and per address), not by
 * groups. Each node aims at an even share of the sessions, never past its own allowance:
 * - over its allowance or its group cap (configuration lowered, a user added connections), or draining: hand a
 *   group back;
 * - over the even share: hand back the largest group that another node, with room for it, would hold with fewer
 *   sessions than this node now has (every such move strictly evens the load, so moves stop);
 * - otherwise take free groups that fit in the share and the allowance; the least loaded node also takes one
 *   past the share, so a group too big for everyone's share is still held by someone.
 */
export function planBalance(input: BalanceInput): BalanceStep {
  const mine = sum(input.owned);
  if (input.draining) {
    const first = input.owned[0];
    return first === undefined
      ? { kind: 'stay' }
      : { kind: 'move-out', userId: first.userId, why: 'draining' };
  }
  if (mine > input.maxSessions || input.owned.length > input.maxGroups) {
    const largest = [...input.owned].sort((x, y) => y.sessions - x.sessions)[0];
    if (largest !== undefined) return { kind: 'move-out', userId: largest.userId, why: 'over its allowance' };
  }
  const others = input.nodes.filter((n) => n.nodeId !== input.nodeId && !n.draining);
  const active = others.length + 1;
  const share = Math.ceil(input.totalSessions / active);
  if (mine > share) {
    const candidates = [...input.owned]
      .filter((g) =>
        others.some((n) => n.sessions + g.sessions < mine && n.sessions + g.sessions <= n.maxSessions),
      )
      .sort((x, y) => y.sessions - x.sessions || x.userId - y.userId);
    const move = candidates[0];
    return move === undefined
      ? { kind: 'stay' }
      : { kind: 'move-out', userId: move.userId, why: `${mine} sessions, the share is ${share}` };
  }
  const leastLoaded = others.every(
    (n) => n.sessions > mine || (n.sessions === mine && n.nodeId > input.nodeId),
  );
  const take: number[] = [];
  let load = mine;
  let count = input.owned.length;
  for (const group of input.free) {
    if (count >= input.maxGroups) break;
    if (load + group.sessions > input.maxSessions) continue;
    if (load + group.sessions > share && !(leastLoaded && take.length === 0 && load === mine)) continue;
    take.push(group.userId);
    load += group.sessions;
    count += 1;
  }
  return take.length === 0 ? { kind: 'stay' } : { kind: 'take', userIds: take };
}
