import type { AccountSnapshot, BrokerOrder, BrokerSession } from '../../brokers/types';
import type { RequestBudget } from './budget';
import type { FollowerStatus, EngineAccount } from './types';

/** A broker session of one connection, with its request budget and its accounts by broker id. */
export interface SessionEntry {
  connectionId: number;
  session: BrokerSession;
  budget: RequestBudget;
  byExternalId: Map<string, number>;
  unsubscribe: () => void;
  up: boolean;
}

/** What the desk shows of an account, kept current from the broker's events. */
export interface LiveAccount {
  positions: Map<string, { netPos: number; avgPrice: number }>;
  snapshot: AccountSnapshot | null;
  status: FollowerStatus;
  /** Signed contracts of copies sent and not settled yet, per contract: part of the position for limits. */
  pending: Map<string, number>;
  /** When the broker last acknowledged a copy to this account (engine clock), if ever. */
  lastCopyAckAt: number | null;
}

/** The follower's position as far as the engine can know it: the broker's, plus copies on their way. */
export function heldPosition(live: LiveAccount | undefined, symbol: string): number {
  if (live === undefined) return 0;
  return (live.positions.get(symbol)?.netPos ?? 0) + (live.pending.get(symbol) ?? 0);
}

/** Copying state of a leader: its positions as the engine counted them, and its mirrored orders. */
export interface LeaderState {
  accountId: number;
  positions: Map<string, number>;
  seenFills: Set<string>;
  /** Leader order id → last version seen, for the orders that have mirrors on followers. */
  mirrored: Map<string, BrokerOrder>;
  /** Mirror client order id → the follower's broker order id, once acknowledged. */
  mirrorOrderIds: Map<string, string>;
  /** Contracts the follower mirrors could still add: counted against the max net position. */
  mirrorExposure: Map<
    string,
    { leaderOrderId: string; accountId: number; symbol: string; signedQty: number }
  >;
}

/** One user's copy group; every change of it runs in `queue`, one at a time, in arrival order. */
export interface UserGroup {
  userId: number;
  accountIds: Set<number>;
  /** Connections with an open session for this user. */
  connectionIds: Set<number>;
  leader: LeaderState | null;
  queue: Promise<void>;
  /** Sends not settled yet, per follower: reconciliation waits for them. */
  inflight: Map<number, Set<Promise<void>>>;
}

export const SEEN_FILLS_LIMIT = 10_000;

export function rememberFill(leader: LeaderState, fillId: string): boolean {
  if (leader.seenFills.has(fillId)) return false;
  leader.seenFills.add(fillId);
  if (leader.seenFills.size > SEEN_FILLS_LIMIT) {
    const oldest = leader.seenFills.values().next().value;
    if (oldest !== undefined) leader.seenFills.delete(oldest);
  }
  return true;
}

export function newLeaderState(accountId: number): LeaderState {
  return {
    accountId,
    positions: new Map(),
    seenFills: new Set(),
    mirrored: new Map(),
    mirrorOrderIds: new Map(),
    mirrorExposure: new Map(),
  };
}

export function canReceive(
  account: EngineAccount | undefined,
  live: LiveAccount | undefined,
  entry: SessionEntry | undefined,
): boolean {
  return (
    account !== undefined &&
    account.enabled &&
    account.isFollower &&
    !account.isMaster &&
    live?.status.state !== 'risk_stopped' &&
    entry !== undefined &&
    entry.up
  );
}

/** What the follower's live mirrors on one side could still add to its position (signed). */
export function pendingExposure(
  leader: LeaderState | null,
  accountId: number,
  symbol: string,
  side: 'buy' | 'sell',
): number {
  let total = 0;
  for (const exposure of leader?.mirrorExposure.values() ?? []) {
    if (
      exposure.accountId === accountId &&
      exposure.symbol === symbol &&
      Math.sign(exposure.signedQty) === (side === 'buy' ? 1 : -1)
    )
      total += exposure.signedQty;
  }
  return total;
}
