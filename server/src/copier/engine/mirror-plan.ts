import { crossSymbol } from '@synctrade/market';
import type { BrokerOrder } from '../../brokers/types';
import { copyClientId, mirrorEventKey } from './client-ids';
import type { EngineContext } from './context';
import { offlineSkip } from './offline-skips';
import { copiesFillsOnly, notInContracts, signed, takesContract } from './sizing';
import { contractsAtRatio } from '@synctrade/api/validation';
import {
  addPendingExposure,
  canReceive,
  heldPosition,
  membersOf,
  pendingExposure,
  type LeaderState,
  type UserGroup,
} from './state';
import type { CopyIntent, CopySkip } from './types';
import { withFields } from '../../runtime/with-fields';

/** The mirrors of one leader working order: what each follower gets, or why it gets nothing. */
export interface MirrorPlan {
  eventKey: string;
  intents: CopyIntent[];
  skips: CopySkip[];
}

/**
 * Each follower's mirror of a leader working order, sized leader × ratio and checked against its limits. The
 * intents count as pending exposure from here on, so the next leg planned sees them.
 */
export function planMirrors(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  order: BrokerOrder,
): MirrorPlan {
  const eventKey = mirrorEventKey(leader.accountId, order.orderId);
  const intents: CopyIntent[] = [];
  const skips: CopySkip[] = [];
  for (const follower of membersOf(group, ctx.accounts, leader)) {
    // A follower that copies fills only gets the leader's fills, not its working orders.
    if (copiesFillsOnly(follower)) continue;
    const accountId = follower.id;
    const symbol = follower.cross ? crossSymbol(order.symbol) : order.symbol;
    const qty = contractsAtRatio(order.qty - order.filledQty, follower.ratio);
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
    if (!takesContract(follower, symbol)) {
      skips.push(withFields(base, { status: 'Canceled' as const, reason: notInContracts(symbol) }));
      continue;
    }
    if (!canReceive(follower, ctx.live.get(accountId), ctx.sessions.get(follower.connectionId))) {
      const skip = offlineSkip(ctx, follower, base);
      if (skip !== null) skips.push(skip);
      continue;
    }
    const held = heldPosition(ctx.live.get(accountId), symbol, ctx.clock.now());
    const worst = held + pendingExposure(leader, accountId, symbol, order.side) + signed(order.side, qty);
    const bounds = ctx.guard.boundsOf(follower);
    const problem =
      qty === 0
        ? 'Below one contract'
        : qty > bounds.maxContractsPerOrder
          ? `Above the max contracts per order (${bounds.maxContractsPerOrder})`
          : Math.abs(worst) > bounds.maxNetPosition && Math.abs(worst) > Math.abs(held)
            ? `Would pass the max net position (${bounds.maxNetPosition})`
            : null;
    if (problem !== null) {
      skips.push(
        withFields(base, {
          status: qty === 0 ? ('Canceled' as const) : ('Rejected' as const),
          reason: problem,
        }),
      );
      continue;
    }
    intents.push(
      withFields(base, {
        clientOrderId: copyClientId(eventKey, accountId, 0),
        price: order.price,
        stopPrice: order.stopPrice,
        exit: held !== 0 && Math.sign(held) !== Math.sign(signed(order.side, qty)),
        leaderOrderId: order.orderId,
        ...ownType(order),
      }),
    );
  }
  for (const intent of intents) {
    addPendingExposure(leader, intent.clientOrderId, {
      leaderOrderId: order.orderId,
      accountId: intent.accountId,
      symbol: intent.symbol,
      signedQty: signed(intent.side, intent.qty),
    });
  }
  return { eventKey, intents, skips };
}

/** The leader order's own type and trail, where the engine's three types say less (`CopyIntent.venueType`). */
function ownType(order: BrokerOrder): Pick<CopyIntent, 'venueType' | 'trail'> {
  const { venueType, trail } = order;
  return {
    ...(venueType === undefined || venueType === order.type ? {} : { venueType }),
    ...(venueType === 'TrailingStop' && trail !== undefined && trail !== null && trail > 0 ? { trail } : {}),
  };
}

/** Stores the plan before anything is sent; the client ids this call claimed (none when already claimed). */
export async function claimMirrors(
  ctx: EngineContext,
  group: UserGroup,
  order: BrokerOrder,
  plan: MirrorPlan,
): Promise<ReadonlySet<string>> {
  const claim = await ctx.store.claim({
    eventKey: plan.eventKey,
    userId: group.userId,
    intents: plan.intents,
    skips: plan.skips,
    eventTime: order.time,
  });
  return claim.fresh ? claim.claimed : new Set();
}
