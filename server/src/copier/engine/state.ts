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
}

/** One user's copy group; every change of it runs in `queue`, one at a time, in arrival order. */
export interface UserGroup {
  userId: number;
  accountIds: Set<number>;
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
  return { accountId, positions: new Map(), seenFills: new Set(), mirrored: new Map(), mirrorOrderIds: new Map() };
}

export function canReceive(account: EngineAccount | undefined, live: LiveAccount | undefined, entry: SessionEntry | undefined): boolean {
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
