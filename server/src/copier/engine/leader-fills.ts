import { crossSymbol } from '@synctrade/market';
import type { BrokerEvent } from '../../brokers/types';
import { fillEventKey } from './client-ids';
import type { EngineContext } from './context';
import { marketIntent } from './market-intent';
import { offlineSkip } from './offline-skips';
import { reconcileGroup } from './reconcile';
import { dispatch } from './sender';
import { guardPlan } from './rule-gate';
import {
  copiesFillsOnly,
  notInContracts,
  planMove,
  signed,
  takesContract,
  targetPosition,
  unboundedTarget,
} from './sizing';
import {
  applyLeaderFill,
  canReceive,
  heldPosition,
  membersOf,
  pendingExposure,
  releaseHeldByHand,
  takeLeaderFill,
  type LeaderState,
  type LiveAccount,
  type UserGroup,
} from './state';
import type { CopyIntent, CopySkip, EngineAccount, PlanBounds } from './types';

type FillEvent = Extract<BrokerEvent, { kind: 'fill' }>;

/**
 * A leader fill: every follower moves from leader-before × ratio to leader-after × ratio, so partial fills,
 * scale-ins, scale-outs and reversals all keep follower = leader × ratio. One batch write stores the event
 * and the intents; a replayed event is found there and sends nothing.
 */
export async function onLeaderFill(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  fill: FillEvent,
  receivedAt: number,
): Promise<void> {
  // A leader replaced (or its group's leader changed) while this fill waited: the new picture reconciles it.
  if (group.leaders.get(leader.copyGroupId) !== leader) return;
  if (!takeLeaderFill(leader, fill.fillId)) return;
  if (!leader.counted) {
    // What the leader held before this fill is not known yet, and the broker's position already holds it: the
    // followers are brought to leader × ratio in its contract from the broker's reading, one order each at most.
    await reconcileGroup(ctx, group, {
      force: true,
      leaderId: leader.accountId,
      leaderSymbols: [fill.symbol],
    });
    return;
  }
  const before = leader.positions.get(fill.symbol) ?? 0;
  const after = before + signed(fill.side, fill.qty);
  const eventKey = fillEventKey(leader.accountId, fill.fillId);
  // A fill of a mirrored working order is matched by the followers' own mirrors at their venue.
  const mirroredFill = leader.mirrored.has(fill.orderId);
  const intents: CopyIntent[] = [];
  const skips: CopySkip[] = [];
  // Followers kept as they were when the leader changed are not moved by this trade: they are aligned after it.
  const waiting: number[] = [];
  for (const follower of membersOf(group, ctx.accounts, leader)) {
    // The followers that mirror a leader order fill through their own mirror; those that copy fills only get the fill.
    if (mirroredFill && !copiesFillsOnly(follower)) continue;
    const accountId = follower.id;
    if (follower.waitsForLeaderTrade === true) {
      waiting.push(follower.id);
      continue;
    }
    const symbol = follower.cross ? crossSymbol(fill.symbol) : fill.symbol;
    const live = ctx.live.get(accountId);
    if (!canReceive(follower, live, ctx.sessions.get(follower.connectionId)) || live === undefined) {
      const skip = offlineSkip(ctx, follower, {
        eventKey,
        symbol,
        side: fill.side,
        qty: follower.fixedQty ?? Math.round(fill.qty * follower.ratio * 100) / 100,
        type: 'Market',
        price: null,
      });
      if (skip !== null) skips.push(skip);
      continue;
    }
    const exposure = {
      buy: pendingExposure(leader, accountId, symbol, 'buy'),
      sell: pendingExposure(leader, accountId, symbol, 'sell'),
    };
    const plan = planFollower(
      follower,
      ctx.guard.boundsOf(follower),
      heldPosition(live, symbol, ctx.clock.now()),
      live,
      symbol,
      exposure,
      eventKey,
      fill,
      before,
      after,
    );
    const guarded = guardPlan(ctx, plan.intents);
    intents.push(...guarded.intents);
    skips.push(...plan.skips, ...guarded.skips);
    if (plan.releasesHand && releaseHeldByHand(live, [symbol])) {
      ctx.heldByHandChanged(accountId);
      if (live.status.state === 'out_of_sync') ctx.setStatus(accountId, { state: 'ok', reason: null });
    }
  }
  const claim = await ctx.store.claim({
    eventKey,
    userId: group.userId,
    intents,
    skips,
    eventTime: fill.time,
  });
  if (!claim.fresh) return;
  applyLeaderFill(leader, fill.symbol, after);
  const sends = intents
    .filter((intent) => claim.claimed.has(intent.clientOrderId))
    .map((intent) => dispatch(ctx, intent, receivedAt));
  if (waiting.length > 0) {
    await Promise.allSettled(sends);
    await reconcileGroup(ctx, group, { force: true, leaderId: leader.accountId, followerIds: waiting });
  }
  if (after === 0 && !mirroredFill) {
    // Leader flat → followers flat, whatever drift there was: check and correct once the copies settled.
    await Promise.allSettled(sends);
    await reconcileGroup(ctx, group, {
      force: true,
      leaderId: leader.accountId,
      leaderSymbols: [fill.symbol],
    });
  }
}

/**
 * The follower goes from what it holds (its broker position, fills it does not show yet, copies on their way) toward
 * target(leader after), only in the leader's direction and never past it: a follower ahead of its target,
 * or flattened by hand, gets nothing when the leader exits, and an exit never takes a follower through flat.
 * The move is then held within the max net position (resting mirrors on the same side count as held).
 * A pure decision: the orders to send, the reasons for sending none, and whether the follower is back at its
 * target in a contract held by hand (which then is no longer).
 */
function planFollower(
  follower: EngineAccount,
  bounds: PlanBounds,
  /** What it holds: `heldPosition`. */
  held: number,
  live: LiveAccount,
  symbol: string,
  exposure: { buy: number; sell: number },
  eventKey: string,
  fill: FillEvent,
  before: number,
  after: number,
): FollowerPlan {
  const intents: CopyIntent[] = [];
  const skips: CopySkip[] = [];
  let releasesHand = false;
  const skip = (status: CopySkip['status'], reason: string): void => {
    skips.push({
      eventKey,
      userId: follower.userId,
      accountId: follower.id,
      symbol,
      side: fill.side,
      qty: follower.fixedQty ?? Math.round(fill.qty * follower.ratio * 100) / 100,
      type: 'Market',
      price: null,
      status,
      reason,
    });
  };
  if (!takesContract(follower, symbol)) {
    skip('Canceled', notInContracts(symbol));
    return { intents, skips, releasesHand };
  }
  const target = targetPosition(after, follower, bounds);
  const unlimitedMove =
    Math.abs(unboundedTarget(after, follower)) - Math.abs(unboundedTarget(before, follower));
  if (unlimitedMove === 0 && before * after >= 0 && target === targetPosition(before, follower, bounds)) {
    skip('Canceled', 'Below one contract');
    return { intents, skips, releasesHand };
  }
  const leaderMove = Math.sign(after - before);
  let delta = Math.sign(target - held) === leaderMove ? target - held : 0;
  // Only in the leader's direction and never past the target: as an exit keeps the leader's side, its target
  // is on the follower's side of flat too, so an exit never takes the follower through flat.
  const limit = bounds.maxNetPosition;
  if (delta === 0) {
    // Held back by the limit, or simply nothing left to do in the leader's direction.
    const uncapped = unboundedTarget(after, follower);
    if (uncapped !== target && Math.sign(uncapped - held) === leaderMove)
      skip('Rejected', `Max net position (${limit}) reached`);
    else skip('Canceled', `Nothing to copy: the follower holds ${held}, leader × ratio is ${target}`);
    return { intents, skips, releasesHand };
  }
  // Resting mirrors on the same side may still fill: count them as held for the limit.
  const worst = held + (delta > 0 ? exposure.buy : exposure.sell);
  if (Math.abs(worst + delta) > limit && Math.abs(worst + delta) > Math.abs(worst)) {
    const capped = Math.sign(worst + delta) * limit - worst;
    delta = Math.sign(capped) === Math.sign(delta) ? capped : 0;
  }
  releasesHand = held + delta === target && live.heldByHand.has(symbol);
  const parts = planMove(held, held + delta, bounds);
  if (parts.length === 0) {
    skip('Rejected', `Max net position (${limit}) reached`);
    return { intents, skips, releasesHand };
  }
  parts.forEach((part, index) => intents.push(marketIntent(eventKey, follower, index, symbol, part)));
  return { intents, skips, releasesHand };
}

interface FollowerPlan {
  intents: CopyIntent[];
  skips: CopySkip[];
  /** The follower reaches its target in a contract held by hand: the engine takes that contract back. */
  releasesHand: boolean;
}
