import type { BrokerOrder, OcoSibling } from '../../brokers/types';
import type { EngineContext } from './context';
import { claimMirrors, planMirrors } from './mirror-plan';
import { dispatch } from './sender';
import { isLiveOrder, recordMirror, trackSend, type LeaderState, type UserGroup } from './state';
import { outcomeOfOrder } from './status-map';
import type { CopyIntent } from './types';

/**
 * A leader's bracket reaches a follower as one pair of legs linked one-cancels-other at the follower's side, so
 * a fast market cannot fill both follower legs before the leader's cancel of the other arrives. Each leg is
 * still the mirror of its leader leg (`st.m…` client id): modifies, cancels and reconciliation treat it as any
 * mirror. Followers whose session cannot link get the two legs as separate mirrors, as before.
 */

/**
 * The bracket a leader order is a leg of: its parent (a Tradovate OSO child, a paper bracket child, a ProjectX
 * leg the session linked to its entry by what the gateway does: `brokers/projectx/native-legs.ts`), the pair it
 * is linked one-cancels-other with (a Tradovate `placeOCO` exit, whose orders name each other in `linkedId`), or
 * the entry of a bracket kept by our ProjectX adapter (`bk.<entry client id>.sl|tp`). Null for any other order.
 */
export function bracketOf(order: BrokerOrder): string | null {
  if (order.type !== 'Stop' && order.type !== 'Limit') return null;
  if (order.parentOrderId !== null) return `parent ${order.parentOrderId}`;
  const linked = order.linkedOrderId;
  if (linked !== undefined && linked !== null) return `linked ${[order.orderId, linked].sort().join(' ')}`;
  const kept = /^bk\.(.+)\.(?:sl|tp)$/.exec(order.clientOrderId ?? '');
  return kept === null ? null : `entry ${kept[1]}`;
}

type MirrorAlone = (order: BrokerOrder, receivedAt: number) => Promise<void>;

interface WaitingLeg {
  order: BrokerOrder;
  receivedAt: number;
  stopWaiting: () => void;
}

/** Per leader: the first leg of a bracket heard, until its sibling arrives or the wait ends. */
const waiting = new WeakMap<LeaderState, Map<string, WaitingLeg>>();

function waitingOf(leader: LeaderState): Map<string, WaitingLeg> {
  let legs = waiting.get(leader);
  if (legs === undefined) {
    legs = new Map();
    waiting.set(leader, legs);
  }
  return legs;
}

/**
 * A new working leg of a leader bracket. Brokers report the two legs as two events (our ProjectX adapter even
 * places them one after the other), so the first waits up to `bracketPairMs` for its sibling; a leg left alone
 * (a bracket with one leg) is mirrored alone.
 */
export async function onBracketLeg(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
  receivedAt: number,
  mirrorAlone: MirrorAlone,
): Promise<void> {
  const key = bracketOf(order) ?? order.orderId;
  const legs = waitingOf(leader);
  const first = legs.get(key);
  if (first === undefined) {
    const stopWaiting = ctx.clock.after(ctx.settings.bracketPairMs, () => {
      void ctx.enqueue(group.userId, async () => {
        const alone = legs.get(key);
        if (alone?.order.orderId !== order.orderId) return;
        legs.delete(key);
        await mirrorAlone(alone.order, alone.receivedAt);
      });
    });
    legs.set(key, { order, receivedAt, stopWaiting });
    return;
  }
  legs.delete(key);
  first.stopWaiting();
  const stop = [first.order, order].find((leg) => leg.type === 'Stop');
  const target = [first.order, order].find((leg) => leg.type === 'Limit');
  if (
    stop === undefined ||
    target === undefined ||
    stop.symbol !== target.symbol ||
    stop.side !== target.side ||
    stop.qty - stop.filledQty !== target.qty - target.filledQty
  ) {
    await mirrorAlone(first.order, first.receivedAt);
    await mirrorAlone(order, receivedAt);
    return;
  }
  await mirrorPair(ctx, group, leader, stop, target, first.receivedAt);
}

/**
 * A later event of a leader order. A leg still waiting for its sibling is mirrored as it is now: a modify
 * replaces it, and one that ended is dropped. True when the order was such a leg (nothing else to do).
 */
export function waitingLegChanged(leader: LeaderState, order: BrokerOrder): boolean {
  const legs = waiting.get(leader);
  for (const [key, leg] of legs ?? []) {
    if (leg.order.orderId !== order.orderId) continue;
    if (isLiveOrder(order)) leg.order = order;
    else {
      legs?.delete(key);
      leg.stopWaiting();
    }
    return true;
  }
  return false;
}

async function mirrorPair(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  stop: BrokerOrder,
  target: BrokerOrder,
  receivedAt: number,
): Promise<void> {
  const stopPlan = planMirrors(ctx, group, leader, stop);
  const targetPlan = planMirrors(ctx, group, leader, target);
  // Both legs are stored before either is sent: a restart in between finds both and looks both up.
  const stopClaimed = await claimMirrors(ctx, group, stop, stopPlan);
  const targetClaimed = await claimMirrors(ctx, group, target, targetPlan);
  const targets = new Map(
    targetPlan.intents
      .filter((intent) => targetClaimed.has(intent.clientOrderId))
      .map((intent) => [intent.accountId, intent]),
  );
  for (const intent of stopPlan.intents) {
    if (!stopClaimed.has(intent.clientOrderId)) continue;
    const sibling = targets.get(intent.accountId);
    const linked = sibling === undefined ? null : ocoSibling(sibling);
    if (sibling === undefined || linked === null || !linksOco(ctx, intent.accountId)) {
      void dispatch(ctx, intent, receivedAt);
      continue;
    }
    targets.delete(intent.accountId);
    const done = dispatch(ctx, { ...intent, oco: linked }, receivedAt).then(() =>
      settleSibling(ctx, leader, sibling),
    );
    trackSend(group, intent.accountId, done);
  }
  for (const intent of targets.values()) void dispatch(ctx, intent, receivedAt);
}

function linksOco(ctx: EngineContext, accountId: number): boolean {
  const account = ctx.accounts.get(accountId);
  const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
  return entry?.session.linksOco === true;
}

function ocoSibling(intent: CopyIntent): OcoSibling | null {
  if (intent.type === 'Market') return null;
  return {
    clientOrderId: intent.clientOrderId,
    type: intent.type,
    ...(intent.price === null ? {} : { price: intent.price }),
    ...(intent.stopPrice === null ? {} : { stopPrice: intent.stopPrice }),
  };
}

/**
 * The sibling leg went out with the first (or not at all): its outcome is read back by its client id, never
 * sent on its own, so it cannot reach the broker twice.
 */
async function settleSibling(ctx: EngineContext, leader: LeaderState, intent: CopyIntent): Promise<void> {
  const account = ctx.accounts.get(intent.accountId);
  const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
  let order: BrokerOrder | null | undefined;
  try {
    order =
      account === undefined || entry === undefined
        ? undefined
        : await entry.session.findOrderByClientId(account.externalId, intent.clientOrderId);
  } catch {
    order = undefined;
  }
  if (order === undefined || order === null) {
    ctx.store.recordOutcome({
      clientOrderId: intent.clientOrderId,
      status: order === null ? 'Canceled' : 'Rejected',
      brokerOrderId: null,
      reason:
        order === null
          ? 'Not placed: its linked leg was not placed'
          : 'Outcome unknown: the broker did not answer; the position is reconciled',
      sentMs: null,
      ackMs: null,
    });
    return;
  }
  ctx.store.recordOutcome(outcomeOfOrder(intent.clientOrderId, order));
  recordMirror(leader, intent.clientOrderId, order.orderId);
}
