import { crossSymbol } from '../../market/contracts';
import type { BrokerOrder } from '../../brokers/types';
import { copyClientId, mirrorEventKey } from './client-ids';
import type { EngineContext } from './context';
import { offlineSkip } from './offline-skips';
import { reconcileGroup } from './reconcile';
import { dispatch } from './sender';
import { signed } from './sizing';
import {
  addPendingExposure,
  canReceive,
  heldPosition,
  isLiveOrder,
  leaderOrderSeen,
  pendingExposure,
  resizePendingExposure,
  settleLeaderOrderExposure,
  type LeaderState,
  type UserGroup,
} from './state';
import type { CopyIntent, CopySkip, EngineAccount } from './types';

/**
 * Leader working orders (limit, stop, bracket children) are mirrored on followers with their prices;
 * modifications and cancels follow. A mirrored order's fills are matched by the followers' own mirrors, and
 * once the leader order is done the followers are checked against leader × ratio.
 */
export async function onLeaderOrder(
  ctx: EngineContext,
  group: UserGroup,
  order: BrokerOrder,
  receivedAt: number,
): Promise<void> {
  const leader = group.leader;
  if (leader === null || order.type === 'Market') return;
  const known = leaderOrderSeen(leader, order);
  if (known === undefined) {
    if (isLiveOrder(order)) await createMirrors(ctx, group, leader, order, receivedAt);
    return;
  }
  if (isLiveOrder(order)) {
    if (known.qty !== order.qty || known.price !== order.price || known.stopPrice !== order.stopPrice)
      await modifyMirrors(ctx, group, leader, order);
    return;
  }
  if (!isLiveOrder(known)) return;
  settleLeaderOrderExposure(leader, order.orderId);
  if (order.status === 'Filled') {
    const settle = (): void =>
      void ctx.enqueue(group.userId, () => reconcileGroup(ctx, group, { force: false }));
    ctx.clock.after(ctx.settings.mirrorSettleMs, settle);
    return;
  }
  await forEachMirror(ctx, group, leader, order, async (follower, entryOrderId, session) => {
    await session.cancelOrder(follower.externalId, entryOrderId);
  });
}

async function createMirrors(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
  receivedAt: number,
): Promise<void> {
  const eventKey = mirrorEventKey(leader.accountId, order.orderId);
  const intents: CopyIntent[] = [];
  const skips: CopySkip[] = [];
  for (const accountId of group.accountIds) {
    const follower = ctx.accounts.get(accountId);
    if (follower === undefined || accountId === leader.accountId) continue;
    const symbol = follower.cross ? crossSymbol(order.symbol) : order.symbol;
    const qty = Math.round((order.qty - order.filledQty) * follower.ratio);
    if (!canReceive(follower, ctx.live.get(accountId), ctx.sessions.get(follower.connectionId))) {
      const price = order.price ?? order.stopPrice;
      const skip = offlineSkip(ctx, follower, {
        eventKey,
        symbol,
        side: order.side,
        qty,
        type: order.type,
        price,
      });
      if (skip !== null) skips.push(skip);
      continue;
    }
    const held = heldPosition(ctx.live.get(accountId), symbol);
    const worst = held + pendingExposure(leader, accountId, symbol, order.side) + signed(order.side, qty);
    const base = {
      eventKey,
      userId: follower.userId,
      accountId,
      symbol,
      side: order.side,
      qty,
      type: order.type,
      price: order.price ?? order.stopPrice,
    };
    const problem =
      qty === 0
        ? 'Below one contract'
        : qty > follower.risk.maxContractsPerOrder
          ? `Above the max contracts per order (${follower.risk.maxContractsPerOrder})`
          : Math.abs(worst) > follower.risk.maxNetPosition && Math.abs(worst) > Math.abs(held)
            ? `Would pass the max net position (${follower.risk.maxNetPosition})`
            : null;
    if (problem !== null) {
      skips.push({ ...base, status: qty === 0 ? 'Canceled' : 'Rejected', reason: problem });
      continue;
    }
    intents.push({
      ...base,
      clientOrderId: copyClientId(eventKey, accountId, 0),
      price: order.price,
      stopPrice: order.stopPrice,
      exit: held !== 0 && Math.sign(held) !== Math.sign(signed(order.side, qty)),
      leaderOrderId: order.orderId,
    });
  }
  for (const intent of intents) {
    addPendingExposure(leader, intent.clientOrderId, {
      leaderOrderId: order.orderId,
      accountId: intent.accountId,
      symbol: intent.symbol,
      signedQty: signed(intent.side, intent.qty),
    });
  }
  const claim = await ctx.store.claim({
    eventKey,
    userId: group.userId,
    intents,
    skips,
    eventTime: order.time,
  });
  if (!claim.fresh) return;
  for (const intent of intents)
    if (claim.claimed.has(intent.clientOrderId)) void dispatch(ctx, intent, receivedAt);
}

async function modifyMirrors(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
): Promise<void> {
  await forEachMirror(ctx, group, leader, order, async (follower, orderId, session) => {
    const qty = Math.round(order.qty * follower.ratio);
    const mirrorId = copyClientId(mirrorEventKey(leader.accountId, order.orderId), follower.id, 0);
    const exposure = leader.mirrorExposure.get(mirrorId);
    const held = heldPosition(ctx.live.get(follower.id), exposure?.symbol ?? '');
    const others =
      exposure === undefined
        ? 0
        : pendingExposure(leader, follower.id, exposure.symbol, order.side) - exposure.signedQty;
    // A bigger mirror must fit the limits too; when it does not, the mirror is canceled rather than grown.
    if (
      qty === 0 ||
      qty > follower.risk.maxContractsPerOrder ||
      (Math.abs(held + others + signed(order.side, qty)) > follower.risk.maxNetPosition &&
        Math.abs(held + others + signed(order.side, qty)) > Math.abs(held))
    ) {
      resizePendingExposure(leader, mirrorId, 0);
      return session.cancelOrder(follower.externalId, orderId);
    }
    resizePendingExposure(leader, mirrorId, signed(order.side, qty));
    const prices = {
      ...(order.price === null ? {} : { price: order.price }),
      ...(order.stopPrice === null ? {} : { stopPrice: order.stopPrice }),
    };
    return session.modifyOrder({
      accountExternalId: follower.externalId,
      orderId,
      qty,
      type: order.type,
      ...prices,
    });
  });
}

type MirrorAction = (
  follower: EngineAccount,
  orderId: string,
  session: NonNullable<ReturnType<EngineContext['sessions']['get']>>['session'],
) => Promise<void>;

async function forEachMirror(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
  action: MirrorAction,
): Promise<void> {
  const eventKey = mirrorEventKey(leader.accountId, order.orderId);
  const work: Array<Promise<void>> = [];
  for (const accountId of group.accountIds) {
    const follower = ctx.accounts.get(accountId);
    const entry = follower === undefined ? undefined : ctx.sessions.get(follower.connectionId);
    if (follower === undefined || entry === undefined) continue;
    // Wait for the mirror's own send, so a fast modify or cancel does not overtake the placement.
    await Promise.allSettled([...(group.inflight.get(accountId) ?? [])]);
    const orderId = leader.mirrorOrderIds.get(copyClientId(eventKey, accountId, 0));
    if (orderId === undefined) continue;
    work.push(
      action(follower, orderId, entry.session).catch((error: unknown) =>
        ctx.log(error, `mirror ${order.orderId} on ${accountId}`),
      ),
    );
  }
  await Promise.all(work);
}
