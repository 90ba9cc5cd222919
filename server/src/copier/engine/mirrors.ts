import { BrokerError, type BrokerOrder } from '../../brokers/types';
import { bracketOf, onBracketLeg, waitingLegChanged } from './bracket-mirrors';
import { copyClientId, mirrorEventKey } from './client-ids';
import type { EngineContext } from './context';
import { claimMirrors, planMirrors } from './mirror-plan';
import { reconcileGroup } from './reconcile';
import { dispatch } from './sender';
import { copiesFillsOnly, signed } from './sizing';
import { contractsAtRatio } from '@synctrade/api/validation';
import {
  heldPosition,
  isLiveOrder,
  leaderOrderSeen,
  membersOf,
  mirrorChangedBeforePlaced,
  pendingExposure,
  resizePendingExposure,
  settleLeaderOrderExposure,
  takeChangeBeforePlaced,
  trackSend,
  type LeaderState,
  type UserGroup,
} from './state';
import type { EngineAccount } from './types';

/**
 * Leader working orders (limit, stop, bracket legs) are mirrored on followers with their prices (a bracket's two
 * legs as one linked pair where the follower's broker links them, `bracket-mirrors.ts`);
 * modifications and cancels follow. A mirrored order's fills are matched by the followers' own mirrors, and
 * once the leader order is done the followers are checked against leader × ratio.
 */
export async function onLeaderOrder(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
  receivedAt: number,
): Promise<void> {
  if (order.type === 'Market' || group.leaders.get(leader.copyGroupId) !== leader) return;
  const known = leaderOrderSeen(leader, order);
  const mirrorAlone = (leg: BrokerOrder, at: number): Promise<void> =>
    createMirrors(ctx, group, leader, leg, at);
  if (known === undefined) {
    if (!isLiveOrder(order)) return;
    if (bracketOf(order) !== null) await onBracketLeg(ctx, group, leader, order, receivedAt, mirrorAlone);
    else await mirrorAlone(order, receivedAt);
    return;
  }
  // A leg that ended while waiting for its sibling still settles below (a fill is reconciled).
  if (waitingLegChanged(leader, order) && isLiveOrder(order)) return;
  if (isLiveOrder(order)) {
    // A trailing stop's stop moves with the market by itself, on the follower too: only its size or trail is sent.
    const changed =
      trailOf(order) !== null
        ? known.qty !== order.qty || trailOf(known) !== trailOf(order)
        : known.qty !== order.qty || known.price !== order.price || known.stopPrice !== order.stopPrice;
    if (changed) await modifyMirrors(ctx, group, leader, order);
    return;
  }
  if (!isLiveOrder(known)) return;
  settleLeaderOrderExposure(leader, order.orderId);
  if (order.status === 'Filled') {
    const settle = (): void =>
      void ctx.enqueue(group.userId, () =>
        reconcileGroup(ctx, group, { force: false, leaderId: leader.accountId }),
      );
    ctx.clock.after(ctx.settings.mirrorSettleMs, settle);
    return;
  }
  changeMirrors(ctx, group, leader, order, 'cancel', (follower, entryOrderId, session) =>
    session.cancelOrder(follower.externalId, entryOrderId),
  );
}

/** A trailing stop's trail in points; null for any other order. */
function trailOf(order: BrokerOrder): number | null {
  return order.venueType === 'TrailingStop' && typeof order.trail === 'number' && order.trail > 0
    ? order.trail
    : null;
}

async function createMirrors(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
  receivedAt: number,
): Promise<void> {
  const plan = planMirrors(ctx, group, leader, order);
  const claimed = await claimMirrors(ctx, group, order, plan);
  for (const intent of plan.intents)
    if (claimed.has(intent.clientOrderId))
      void dispatch(ctx, intent, receivedAt).then(() => {
        // The leader changed its order while this placement waited for the login's budget: the placement went
        // with the values it was planned with, and the change follows now.
        if (
          takeChangeBeforePlaced(leader, intent.clientOrderId) &&
          leader.mirrorOrderIds.has(intent.clientOrderId)
        )
          changeMirrors(ctx, group, leader, order, 'modify', modifyAction(ctx, leader, order), [
            intent.accountId,
          ]);
      });
}

async function modifyMirrors(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
): Promise<void> {
  changeMirrors(ctx, group, leader, order, 'modify', modifyAction(ctx, leader, order));
}

/** A modify of one follower's mirror, with the leader order's values at its turn (null: nothing to change). */
function modifyAction(ctx: EngineContext, leader: LeaderState, order: BrokerOrder): MirrorAction {
  return (follower, orderId, session) => {
    // The leader order as it is at the modify's turn: modifies that waited for the budget coalesce into one.
    const now = leader.mirrored.get(order.orderId) ?? order;
    if (!isLiveOrder(now)) return null;
    const qty = contractsAtRatio(now.qty, follower.ratio);
    const mirrorId = copyClientId(mirrorEventKey(leader.accountId, order.orderId), follower.id, 0);
    const exposure = leader.mirrorExposure.get(mirrorId);
    const held = heldPosition(ctx.live.get(follower.id), exposure?.symbol ?? '', ctx.clock.now());
    const others =
      exposure === undefined
        ? 0
        : pendingExposure(leader, follower.id, exposure.symbol, order.side) - exposure.signedQty;
    // A bigger mirror must fit the limits too; when it does not, the mirror is canceled rather than grown.
    const bounds = ctx.guard.boundsOf(follower);
    if (
      qty === 0 ||
      qty > bounds.maxContractsPerOrder ||
      (Math.abs(held + others + signed(now.side, qty)) > bounds.maxNetPosition &&
        Math.abs(held + others + signed(now.side, qty)) > Math.abs(held))
    ) {
      resizePendingExposure(leader, mirrorId, 0);
      return session.cancelOrder(follower.externalId, orderId);
    }
    resizePendingExposure(leader, mirrorId, signed(now.side, qty));
    const prices = {
      ...(now.price === null ? {} : { price: now.price }),
      ...(now.stopPrice === null ? {} : { stopPrice: now.stopPrice }),
      ...(trailOf(now) === null ? {} : { trail: trailOf(now) as number }),
    };
    return session.modifyOrder({
      accountExternalId: follower.externalId,
      orderId,
      qty,
      type: now.type,
      ...prices,
    });
  };
}

/** The change to send to one follower's mirror at its turn (null: nothing is left to change). */
type MirrorAction = (
  follower: EngineAccount,
  orderId: string,
  session: NonNullable<ReturnType<EngineContext['sessions']['get']>>['session'],
) => Promise<void> | null;

/**
 * Changes followers' mirrors of a leader order through each follower login's budget: cancels go before
 * everything else, and a change still waiting for its turn is replaced by a later one of the same mirror (the
 * leader's modifies coalesce; a cancel replaces a waiting modify). The group's queue does not wait for the turn.
 */
function changeMirrors(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
  kind: 'cancel' | 'modify',
  action: MirrorAction,
  accountIds: Iterable<number> = membersOf(group, ctx.accounts, leader)
    .filter((member) => !copiesFillsOnly(member))
    .map((member) => member.id),
): void {
  for (const accountId of accountIds) {
    const follower = ctx.accounts.get(accountId);
    const entry = follower === undefined ? undefined : ctx.sessions.get(follower.connectionId);
    if (follower === undefined || entry === undefined) continue;
    const mirrorId = copyClientId(mirrorEventKey(leader.accountId, order.orderId), accountId, 0);
    // After the mirror's own send, so a fast modify or cancel does not overtake the placement.
    void Promise.allSettled([...(group.inflight.get(accountId) ?? [])]).then(() => {
      const orderId = leader.mirrorOrderIds.get(mirrorId);
      if (orderId === undefined) {
        // Its placement still waits for its turn (a cancel: the placement is not sent at its turn).
        if (kind === 'modify') mirrorChangedBeforePlaced(leader, mirrorId);
        return;
      }
      entry.budget.schedule({
        exit: true,
        urgent: kind === 'cancel',
        key: `mirror ${mirrorId}`,
        accountId,
        symbol: leader.mirrorExposure.get(mirrorId)?.symbol ?? order.symbol,
        run: () => {
          const sent = action(follower, orderId, entry.session);
          if (sent === null) return false;
          trackSend(
            group,
            accountId,
            sent.catch((error: unknown) => {
              const context = `mirror ${order.orderId} on ${accountId}`;
              // A cancel that meets a mirror already filled or gone is the race's normal end, not a fault: the
              // fill (or its absence) reaches the engine through the feed like any other.
              if (
                kind === 'cancel' &&
                error instanceof BrokerError &&
                ['rejected', 'not_found'].includes(error.code)
              )
                ctx.note(`cancel not needed: ${error.message}`, context);
              else ctx.log(error, context);
            }),
          );
          return true;
        },
        drop: () => undefined,
      });
    });
  }
}
