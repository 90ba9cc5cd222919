import type { EngineContext } from './context';
import { leaderOf } from './state';
import type { CopyIntent, CopySkip } from './types';

/** The account's positions as the engine knows them (copies on their way included, `exclude` left out). */
function positionsOf(ctx: EngineContext, accountId: number, exclude?: string): Map<string, number> {
  const live = ctx.live.get(accountId);
  const positions = new Map<string, number>();
  for (const [symbol, position] of live?.positions ?? []) positions.set(symbol, position.netPos);
  for (const [clientOrderId, copy] of live?.copies ?? [])
    if (clientOrderId !== exclude)
      positions.set(copy.symbol, (positions.get(copy.symbol) ?? 0) + copy.signedRemaining);
  return positions;
}

function accountIdsOf(ctx: EngineContext, userId: number): number[] {
  return [...(ctx.groups.get(userId)?.accountIds ?? [])];
}

function leaderIdOf(ctx: EngineContext, accountId: number): number | null {
  const account = ctx.accounts.get(accountId);
  return account === undefined
    ? null
    : (leaderOf(ctx.groups.get(account.userId), account)?.accountId ?? null);
}

/**
 * Planned copies through the follower's rules (`ctx.guard`): each part may go whole, clipped (the rest recorded
 * with the rule's reason) or not at all. Earlier parts of the plan count as held for the later ones.
 */
export function guardPlan(
  ctx: EngineContext,
  intents: readonly CopyIntent[],
): { intents: CopyIntent[]; skips: CopySkip[] } {
  if (intents.length === 0) return { intents: [], skips: [] };
  const kept: CopyIntent[] = [];
  const skips: CopySkip[] = [];
  const planned = new Map<number, Map<string, number>>();
  for (const intent of intents) {
    const own = planned.get(intent.accountId) ?? positionsOf(ctx, intent.accountId);
    planned.set(intent.accountId, own);
    const verdict = ctx.guard.gate(intent, {
      accountIds: accountIdsOf(ctx, intent.userId),
      positionsOf: (id) => planned.get(id) ?? positionsOf(ctx, id),
      leaderOf: (id) => leaderIdOf(ctx, id),
    });
    const qty = Math.min(intent.qty, Math.max(0, Math.floor(verdict.qty)));
    if (qty > 0) {
      kept.push(qty === intent.qty ? intent : { ...intent, qty });
      own.set(intent.symbol, (own.get(intent.symbol) ?? 0) + (intent.side === 'buy' ? qty : -qty));
    }
    if (qty < intent.qty)
      skips.push({
        eventKey: intent.eventKey,
        userId: intent.userId,
        accountId: intent.accountId,
        symbol: intent.symbol,
        side: intent.side,
        qty: intent.qty - qty,
        type: intent.type,
        price: intent.price,
        status: 'Rejected',
        reason: verdict.reason ?? 'Refused by a firm rule',
      });
  }
  return { intents: kept, skips };
}

/** Right before an order goes out: the rule that now forbids it (as it stands), or null. */
export function guardAtSend(ctx: EngineContext, intent: CopyIntent): string | null {
  const verdict = ctx.guard.gate(intent, {
    accountIds: accountIdsOf(ctx, intent.userId),
    positionsOf: (id) => positionsOf(ctx, id, intent.clientOrderId),
    leaderOf: (id) => leaderIdOf(ctx, id),
  });
  return verdict.qty >= intent.qty ? null : (verdict.reason ?? 'Refused by a firm rule');
}
