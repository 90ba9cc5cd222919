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
  /**
   * Market copies sent whose fills the follower's feed has not shown yet, by client order id: part of the
   * follower's position for planning, reconciliation and limits, until their fills arrive or they end unfilled.
   */
  copies: Map<string, InflightCopy>;
  /**
   * Contracts a person traded by hand on this follower (flatten, close, an order of their own) since the
   * leader's last entry: the engine leaves them alone (exits never reopen them, auto-sync does not undo them)
   * until the leader's next entry or a Sync.
   */
  heldByHand: Set<string>;
  /** When the broker last acknowledged a copy to this account (engine clock), if ever. */
  lastCopyAckAt: number | null;
}

/** A market copy on its way: what of it the follower's position does not show yet (signed). */
export interface InflightCopy {
  symbol: string;
  signedRemaining: number;
  fillIds: Set<string>;
}

/** Copies on their way to one contract of the follower, signed. */
export function inflightOf(live: LiveAccount | undefined, symbol: string): number {
  let total = 0;
  for (const copy of live?.copies.values() ?? []) if (copy.symbol === symbol) total += copy.signedRemaining;
  return total;
}

/** The follower's position as far as the engine can know it: the broker's, plus copies on their way. */
export function heldPosition(live: LiveAccount | undefined, symbol: string): number {
  if (live === undefined) return 0;
  return (live.positions.get(symbol)?.netPos ?? 0) + inflightOf(live, symbol);
}

/** A copy's fill reached the follower's feed: that part is in the broker's position now (duplicates ignored). */
export function copyFilled(live: LiveAccount, clientOrderId: string, fillId: string, qty: number): void {
  const copy = live.copies.get(clientOrderId);
  if (copy === undefined || copy.fillIds.has(fillId)) return;
  copy.fillIds.add(fillId);
  const left = Math.abs(copy.signedRemaining) - qty;
  if (left <= 0) live.copies.delete(clientOrderId);
  else copy.signedRemaining = Math.sign(copy.signedRemaining) * left;
}

/** Copying state of a leader: its positions as the engine counted them, and its mirrored orders. */
export interface LeaderState {
  accountId: number;
  positions: Map<string, number>;
  seenFills: Set<string>;
  /**
   * Leader fills received and waiting in the copy group's queue, by fill id. The broker's position already
   * holds them and the count does not yet: reconciliation waits behind them.
   */
  queued: Map<string, { symbol: string; signedQty: number }>;
  /** Leader fills received so far (a reading of the broker's position is stable when none arrived meanwhile). */
  arrivals: number;
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
  /** Reconciliations waiting behind queued leader fills (their options, as JSON). */
  deferredReconciles: Set<string>;
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
    queued: new Map(),
    arrivals: 0,
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
    !account.isLeader &&
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

const handWrites = new WeakMap<LiveAccount, Promise<void>>();

/**
 * Stores what is held by hand on a follower, behind the writes before it (the last one wins), so an engine
 * that restarts still leaves a person's own trades alone.
 */
export function storeHeldByHand(
  live: LiveAccount,
  accountId: number,
  store: (accountId: number, symbols: readonly string[]) => Promise<void>,
  log: (error: unknown, context: string) => void,
): void {
  const symbols = [...live.heldByHand];
  const next = (handWrites.get(live) ?? Promise.resolve())
    .then(() => store(accountId, symbols))
    .catch((error: unknown) => log(error, `store held by hand ${accountId}`));
  handWrites.set(live, next);
}
