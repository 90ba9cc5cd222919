import { crossSymbol } from '@synctrade/market';
import { copyClientId, replanEventKey } from './client-ids';
import type { EngineContext } from './context';
import { convergePlan, type ConvergeDecision } from './converge-plan';
import type { PlannedOrder } from './sizing';
import { heldPosition, isLiveOrder, leaderOf, pendingExposure, type SessionEntry } from './state';
import type { CopyIntent, EngineAccount } from './types';

/**
 * The engine's side of "converge, don't replay": what a copy that waited for the broker's request budget
 * becomes when its turn comes, from the state as it is then (the planner is `converge-plan.ts`).
 */
export function convergeDecision(
  ctx: EngineContext,
  accountId: number,
  intent: CopyIntent,
): ConvergeDecision {
  const group = ctx.groups.get(intent.userId);
  const copying = ctx.accounts.get(accountId);
  const leader = copying === undefined ? null : leaderOf(group, copying);
  if (intent.leaderOrderId !== null) {
    // A mirror whose leader order ended (canceled, filled) before the mirror could go is never sent.
    const order = leader?.mirrored.get(intent.leaderOrderId);
    if (order !== undefined && !isLiveOrder(order))
      return {
        kind: 'superseded',
        reason: `Not sent: the leader's order was ${order.status === 'Filled' ? 'filled' : 'canceled'} before its copy could go`,
      };
    return { kind: 'as-planned' };
  }
  const follower = ctx.accounts.get(accountId);
  const live = ctx.live.get(accountId);
  // A firm rule's close-out goes as decided; a group whose leader count is not known yet plans nothing anew.
  if (intent.reason !== undefined || follower === undefined || live === undefined)
    return { kind: 'as-planned' };
  if (leader === null || !leader.counted) return { kind: 'as-planned' };
  const leaderSymbol = follower.cross ? crossSymbol(intent.symbol) : intent.symbol;
  return convergePlan({
    side: intent.side,
    qty: intent.qty,
    leaderPosition: leaderPositionNow(leader, leaderSymbol),
    ratio: follower,
    bounds: ctx.guard.boundsOf(follower),
    held: heldPosition(live, intent.symbol, ctx.clock.now()),
    exposure: {
      buy: pendingExposure(leader, accountId, intent.symbol, 'buy'),
      sell: pendingExposure(leader, accountId, intent.symbol, 'sell'),
    },
    ownDirectionOnly: !follower.autoSync || live.heldByHand.has(intent.symbol),
  });
}

/** The leader's position as heard: counted, plus its fills received and still waiting to be counted. */
export function leaderPositionNow(
  leader: {
    positions: ReadonlyMap<string, number>;
    queued: ReadonlyMap<string, { symbol: string; signedQty: number }>;
  },
  symbol: string,
): number {
  let position = leader.positions.get(symbol) ?? 0;
  for (const fill of leader.queued.values()) if (fill.symbol === symbol) position += fill.signedQty;
  return position;
}

/** The orders that replace a waiting copy, each with its own client order id derived from the copy's. */
export function replannedIntents(
  replaced: CopyIntent,
  follower: Pick<EngineAccount, 'id' | 'userId'>,
  parts: readonly PlannedOrder[],
): CopyIntent[] {
  const eventKey = replanEventKey(replaced.clientOrderId);
  return parts.map((part, index) => ({
    ...replaced,
    clientOrderId: copyClientId(eventKey, follower.id, index),
    eventKey,
    side: part.side,
    qty: part.qty,
    exit: part.exit,
  }));
}

/** Stores the replacing orders before any goes (exactly once): answers the client order ids claimed. */
export async function claimReplanned(
  ctx: EngineContext,
  intents: readonly CopyIntent[],
): Promise<ReadonlySet<string>> {
  const [first] = intents;
  if (first === undefined) return new Set();
  try {
    const claim = await ctx.store.claim({
      eventKey: first.eventKey,
      userId: first.userId,
      intents,
      skips: [],
      eventTime: null,
    });
    return claim.claimed;
  } catch (error: unknown) {
    ctx.log(error, `claim re-planned copy ${first.clientOrderId}`);
    return new Set();
  }
}

const WAITING_REASON =
  "Waiting for the broker's request limit: converging to leader × ratio (each order is planned when it can go)";

/** A follower whose copy waits for its login's budget shows it on the desk (unless something worse shows). */
export function showWaiting(ctx: EngineContext, entry: SessionEntry, accountId: number): void {
  const state = ctx.live.get(accountId)?.status.state;
  if (state === 'ok' || state === 'rate_limited')
    ctx.setStatus(accountId, { state: 'rate_limited', reason: WAITING_REASON });
  if (entry.budget.waitingFor(accountId) > 0) ctx.changed(ctx.accounts.get(accountId)?.userId ?? 0);
}

/** A turn was taken: a follower with nothing left waiting is `ok` again. */
export function afterTurn(ctx: EngineContext, entry: SessionEntry, accountId: number): void {
  const live = ctx.live.get(accountId);
  if (live === undefined) return;
  if (entry.budget.waitingFor(accountId) > 0) {
    ctx.changed(ctx.accounts.get(accountId)?.userId ?? 0);
    return;
  }
  if (live.status.state === 'rate_limited' && live.status.reason === WAITING_REASON)
    ctx.setStatus(accountId, { state: 'ok', reason: null });
}
