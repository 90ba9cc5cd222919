import { crossSymbol } from '@synctrade/market';
import type { BrokerOrder, BrokerPosition } from '../../brokers/types';
import { mirroredLeaderOrder } from './client-ids';
import { marketIntent } from './market-intent';
import { planMove, takesContract, targetPosition } from './sizing';
import type { MirrorExposure } from './state';
import type { CopyIntent, EngineAccount, PlanBounds } from './types';

/*
 * Reconciliation's decisions, without I/O: `reconcile.ts` reads the brokers and the engine's state, asks these
 * functions what to do, and does it.
 */

/** One contract of a follower: what it holds (with copies in flight) and what it should hold. */
export interface Move {
  symbol: string;
  actual: number;
  desired: number;
}

/** Copies on their way to one follower, per contract, signed. */
export function inflightByContract(
  copies: Iterable<{ readonly symbol: string; readonly signedRemaining: number }>,
): Map<string, number> {
  const total = new Map<string, number>();
  for (const copy of copies) total.set(copy.symbol, (total.get(copy.symbol) ?? 0) + copy.signedRemaining);
  return total;
}

export function sameCounts(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

export interface TargetsInput {
  /** The leader's positions as the engine counted them, per leader contract. */
  leaderPositions: ReadonlyMap<string, number>;
  /** The positions the follower's broker reported (other accounts of the connection are ignored). */
  brokerPositions: readonly BrokerPosition[];
  /** Copies sent to the follower whose fills are not in its position yet, per follower contract. */
  inflight: ReadonlyMap<string, number>;
  follower: Pick<EngineAccount, 'externalId' | 'ratio' | 'cross' | 'fixedQty' | 'contracts'>;
  /** The follower's plan bounds (`RuleGuard.boundsOf`). */
  bounds: PlanBounds;
  /** Only these leader contracts (and their Cross counterparts). */
  leaderSymbols?: readonly string[];
}

/**
 * Every follower contract in scope with its actual position (the broker's plus copies in flight, so a
 * difference those copies are already closing is not corrected again) and its target, leader × ratio.
 */
export function followerTargets(input: TargetsInput): Move[] {
  const { follower } = input;
  const held = new Map(
    input.brokerPositions
      .filter((p) => p.accountExternalId === follower.externalId)
      .map((p) => [p.symbol, p.netPos]),
  );
  for (const [symbol, qty] of input.inflight) held.set(symbol, (held.get(symbol) ?? 0) + qty);
  const toFollower = (symbol: string): string => (follower.cross ? crossSymbol(symbol) : symbol);
  const scope = input.leaderSymbols?.map(toFollower);
  const symbols = new Set([...[...input.leaderPositions.keys()].map(toFollower), ...held.keys()]);
  const targets: Move[] = [];
  for (const symbol of symbols) {
    if (scope !== undefined && !scope.includes(symbol)) continue;
    // A contract the follower's filter leaves out is not its copier's: it is left as it is.
    if (!takesContract(follower, symbol)) continue;
    const leaderPosition = input.leaderPositions.get(toFollower(symbol)) ?? 0;
    targets.push({
      symbol,
      actual: held.get(symbol) ?? 0,
      desired: targetPosition(leaderPosition, follower, input.bounds),
    });
  }
  return targets;
}

export const differing = (targets: readonly Move[]): Move[] => targets.filter((t) => t.desired !== t.actual);

/** What to do with one working order of a follower: a mirror to keep counting, or a stray to cancel. */
export type FollowerOrderAction =
  | { kind: 'keep-mirror'; clientOrderId: string; orderId: string; exposure: MirrorExposure }
  | { kind: 'cancel-stray'; clientOrderId: string | null; orderId: string };

/**
 * A follower's working orders that mirror the leader: those whose leader order still works are counted
 * (after a restart the engine relearns them here), the others are canceled. Hand orders are left alone.
 */
export function followerOrderActions(
  orders: readonly BrokerOrder[],
  followerId: number,
  leaderId: number,
  leaderWorking: ReadonlySet<string>,
): FollowerOrderAction[] {
  const actions: FollowerOrderAction[] = [];
  for (const order of orders) {
    const mirrored = mirroredLeaderOrder(order.clientOrderId, leaderId);
    if (mirrored === null || order.clientOrderId === null) continue;
    if (leaderWorking.has(mirrored)) {
      actions.push({
        kind: 'keep-mirror',
        clientOrderId: order.clientOrderId,
        orderId: order.orderId,
        exposure: {
          leaderOrderId: mirrored,
          accountId: followerId,
          symbol: order.symbol,
          signedQty: (order.side === 'buy' ? 1 : -1) * (order.qty - order.filledQty),
        },
      });
    } else {
      actions.push({ kind: 'cancel-stray', clientOrderId: order.clientOrderId, orderId: order.orderId });
    }
  }
  return actions;
}

export interface MirrorTrim {
  clientOrderId: string;
  side: 'buy' | 'sell';
  qty: number;
}

/**
 * Resting mirrors of one follower contract that could carry it past its max net position once it is at
 * `desired`: on each side, mirrors are dropped in the order given until what is left fits (the limit wins
 * over the mirror).
 */
export function mirrorsOverLimit(
  exposures: Iterable<readonly [string, MirrorExposure]>,
  followerId: number,
  symbol: string,
  desired: number,
  maxNetPosition: number,
): MirrorTrim[] {
  const mine = [...exposures].filter(([, e]) => e.accountId === followerId && e.symbol === symbol);
  const trims: MirrorTrim[] = [];
  for (const side of ['buy', 'sell'] as const) {
    const sign = side === 'buy' ? 1 : -1;
    const sameSide = mine.filter(([, e]) => Math.sign(e.signedQty) === sign);
    let pending = sameSide.reduce((sum, [, e]) => sum + e.signedQty, 0);
    for (const [clientOrderId, exposure] of sameSide) {
      if (Math.abs(desired + pending) <= maxNetPosition) break;
      pending -= exposure.signedQty;
      trims.push({ clientOrderId, side, qty: Math.abs(exposure.signedQty) });
    }
  }
  return trims;
}

export interface HandSplit {
  /** Contracts no longer held by hand. */
  release: string[];
  /** Differences a person made by hand: shown, not undone. */
  byHand: Move[];
  /** Differences to correct. */
  toCorrect: Move[];
}

/**
 * What a person did by hand on a follower stays as it is until the leader's next entry or Sync (which
 * releases every contract); a contract back at leader × ratio is not held by hand any more (known only
 * when every contract was looked at).
 */
export function splitByHand(
  moves: readonly Move[],
  heldByHand: ReadonlySet<string>,
  options: { overrideHand: boolean; wholeAccount: boolean },
): HandSplit {
  if (options.overrideHand) return { release: [...heldByHand], byHand: [], toCorrect: [...moves] };
  const byHand = moves.filter((move) => heldByHand.has(move.symbol));
  const release = options.wholeAccount
    ? [...heldByHand].filter((symbol) => !moves.some((move) => move.symbol === symbol))
    : [];
  return { release, byHand, toCorrect: moves.filter((move) => !heldByHand.has(move.symbol)) };
}

/** The desk's reason for a follower left as it was when the leader changed. */
export const WAITING_FOR_LEADER_TRADE =
  "Out of sync: positions kept when the leader changed, aligned at the new leader's next trade";

export const describeMoves = (moves: readonly Move[]): string =>
  moves.map((m) => `${m.symbol}: ${m.actual}, leader × ratio: ${m.desired}`).join('; ');

export type FollowerVerdict =
  /** Only differences made by hand remain: shown out of sync, left alone. */
  | { kind: 'held-by-hand'; reason: string }
  /** At leader × ratio: any out-of-sync flag and any wait for the leader's trade end. */
  | { kind: 'in-sync' }
  /** Kept as it was when the leader changed, until the new leader trades. */
  | { kind: 'waiting-for-leader'; reason: string }
  /** Auto-sync off: flagged, not corrected. */
  | { kind: 'flag'; differences: string; reason: string }
  /** Send the corrections (ending a wait for the leader's trade first when there is one). */
  | { kind: 'correct'; endWait: boolean };

export function followerVerdict(input: {
  split: Pick<HandSplit, 'byHand' | 'toCorrect'>;
  /** The user pressed Sync, or the leader went flat or traded after a change of leader. */
  force: boolean;
  autoSync: boolean;
  waitsForLeaderTrade: boolean;
}): FollowerVerdict {
  const { byHand, toCorrect } = input.split;
  if (toCorrect.length === 0) {
    if (byHand.length > 0) {
      return {
        kind: 'held-by-hand',
        reason: `Out of sync (${describeMoves(byHand)}): traded by hand, left as it is until the leader's next entry or Sync`,
      };
    }
    return { kind: 'in-sync' };
  }
  if (input.waitsForLeaderTrade && !input.force)
    return { kind: 'waiting-for-leader', reason: WAITING_FOR_LEADER_TRADE };
  if (!input.force && !input.autoSync) {
    const differences = describeMoves(toCorrect);
    return { kind: 'flag', differences, reason: `Out of sync (${differences})` };
  }
  return { kind: 'correct', endWait: input.waitsForLeaderTrade };
}

/** Market orders that take each contract from its actual position to its target, in parts. */
export function correctionIntents(
  eventKey: string,
  follower: Pick<EngineAccount, 'id' | 'userId'>,
  bounds: PlanBounds,
  moves: readonly Move[],
): CopyIntent[] {
  const intents: CopyIntent[] = [];
  for (const move of moves) {
    for (const part of planMove(move.actual, move.desired, bounds))
      intents.push(marketIntent(eventKey, follower, intents.length, move.symbol, part));
  }
  return intents;
}
