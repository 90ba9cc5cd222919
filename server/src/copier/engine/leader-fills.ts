import { crossSymbol } from '../../market/contracts';
import type { BrokerEvent } from '../../brokers/types';
import { copyClientId, fillEventKey } from './client-ids';
import type { EngineContext } from './context';
import { offlineSkip } from './offline-skips';
import { reconcileGroup } from './reconcile';
import { dispatch } from './sender';
import { planMove, signed, targetPosition } from './sizing';
import { canReceive, heldPosition, pendingExposure, rememberFill, type UserGroup } from './state';
import type { CopyIntent, CopySkip, EngineAccount } from './types';

type FillEvent = Extract<BrokerEvent, { kind: 'fill' }>;

/**
 * A leader fill: every follower moves from leader-before × ratio to leader-after × ratio, so partial fills,
 * scale-ins, scale-outs and reversals all keep follower = leader × ratio. One batch write stores the event
 * and the intents; a replayed event is found there and sends nothing.
 */
export async function onLeaderFill(
  ctx: EngineContext,
  group: UserGroup,
  fill: FillEvent,
  receivedAt: number,
): Promise<void> {
  const leader = group.leader;
  if (leader === null || !rememberFill(leader, fill.fillId)) return;
  const before = leader.positions.get(fill.symbol) ?? 0;
  const after = before + signed(fill.side, fill.qty);
  const eventKey = fillEventKey(leader.accountId, fill.fillId);
  // A fill of a mirrored working order is matched by the followers' own mirrors at their venue.
  const mirroredFill = leader.mirrored.has(fill.orderId);
  const intents: CopyIntent[] = [];
  const skips: CopySkip[] = [];
  // Followers kept as they were when the leader changed are not moved by this trade: they are aligned after it.
  const waiting: number[] = [];
  if (!mirroredFill) {
    for (const accountId of group.accountIds) {
      const follower = ctx.accounts.get(accountId);
      if (follower === undefined || follower.id === leader.accountId) continue;
      if (follower.waitsForLeaderTrade === true) {
        waiting.push(follower.id);
        continue;
      }
      const symbol = follower.cross ? crossSymbol(fill.symbol) : fill.symbol;
      if (!canReceive(follower, ctx.live.get(accountId), ctx.sessions.get(follower.connectionId))) {
        const skip = offlineSkip(ctx, follower, {
          eventKey,
          symbol,
          side: fill.side,
          qty: Math.round(fill.qty * follower.ratio * 100) / 100,
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
      planFollower(
        follower,
        heldPosition(ctx.live.get(accountId), symbol),
        exposure,
        eventKey,
        fill,
        before,
        after,
        intents,
        skips,
      );
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
  leader.positions.set(fill.symbol, after);
  const sends = intents
    .filter((intent) => claim.claimed.has(intent.clientOrderId))
    .map((intent) => dispatch(ctx, intent, receivedAt));
  if (waiting.length > 0) {
    await Promise.allSettled(sends);
    await reconcileGroup(ctx, group, { force: true, followerIds: waiting });
  }
  if (after === 0 && !mirroredFill) {
    // Leader flat → followers flat, whatever drift there was: check and correct once the copies settled.
    await Promise.allSettled(sends);
    await reconcileGroup(ctx, group, { force: true, leaderSymbols: [fill.symbol] });
  }
}

/**
 * The follower moves by target(after) - target(before); the move is then held within the max net position
 * measured on the follower's real position (which may differ from the target while it is out of sync).
 */
function planFollower(
  follower: EngineAccount,
  held: number,
  exposure: { buy: number; sell: number },
  eventKey: string,
  fill: FillEvent,
  before: number,
  after: number,
  intents: CopyIntent[],
  skips: CopySkip[],
): void {
  const symbol = follower.cross ? crossSymbol(fill.symbol) : fill.symbol;
  let delta =
    targetPosition(after, follower.ratio, follower.risk) -
    targetPosition(before, follower.ratio, follower.risk);
  const limit = follower.risk.maxNetPosition;
  // Resting mirrors on the same side may still fill: count them as held for the limit.
  const worst = held + (delta > 0 ? exposure.buy : exposure.sell);
  if (Math.abs(worst + delta) > limit && Math.abs(worst + delta) > Math.abs(worst)) {
    const capped = Math.sign(worst + delta) * limit - worst;
    delta = Math.sign(capped) === Math.sign(delta) ? capped : 0;
  }
  const parts = planMove(held, held + delta, follower.risk);
  if (parts.length === 0) {
    const unlimited =
      Math.round(Math.abs(after) * follower.ratio) - Math.round(Math.abs(before) * follower.ratio);
    skips.push({
      eventKey,
      userId: follower.userId,
      accountId: follower.id,
      symbol,
      side: fill.side,
      qty: Math.round(fill.qty * follower.ratio * 100) / 100,
      type: 'Market',
      price: null,
      status: unlimited === 0 && before * after >= 0 ? 'Canceled' : 'Rejected',
      reason:
        unlimited === 0 && before * after >= 0
          ? 'Below one contract'
          : `Max net position (${follower.risk.maxNetPosition}) reached`,
    });
    return;
  }
  parts.forEach((part, index) => {
    intents.push({
      clientOrderId: copyClientId(eventKey, follower.id, index),
      eventKey,
      userId: follower.userId,
      accountId: follower.id,
      symbol,
      side: part.side,
      qty: part.qty,
      type: 'Market',
      price: null,
      stopPrice: null,
      exit: part.exit,
      leaderOrderId: null,
    });
  });
}
