import type { EngineContext } from './context';
import { leaderOf } from './state';
import type { PositionsView } from './ports';
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

/**
 * What the rules see of the user's positions. The user's account list is built when a rule asks for it, once per
 * view: most accounts have no firm rules, and a copy copied the list of a 500-account group for each of the 500
 * followers' orders (twice: planned and sent), a quarter of a million ids per leader event. A class, not a literal
 * with a getter: one is made for every order sent.
 */
class RulesView implements PositionsView {
  private ids: readonly number[] | undefined;

  constructor(
    private readonly ctx: EngineContext,
    private readonly userId: number,
    readonly positionsOf: (accountId: number) => ReadonlyMap<string, number>,
  ) {}

  get accountIds(): readonly number[] {
    return (this.ids ??= [...(this.ctx.groups.get(this.userId)?.accountIds ?? [])]);
  }

  leaderOf(accountId: number): number | null {
    return leaderIdOf(this.ctx, accountId);
  }
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
  const plannedOf = (id: number): ReadonlyMap<string, number> => planned.get(id) ?? positionsOf(ctx, id);
  // A plan is one user's; a view per user all the same, built as its first order is asked about.
  const views = new Map<number, PositionsView>();
  for (const intent of intents) {
    const own = planned.get(intent.accountId) ?? positionsOf(ctx, intent.accountId);
    planned.set(intent.accountId, own);
    let view = views.get(intent.userId);
    if (view === undefined) views.set(intent.userId, (view = new RulesView(ctx, intent.userId, plannedOf)));
    const verdict = ctx.guard.gate(intent, view);
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
  const verdict = ctx.guard.gate(
    intent,
    new RulesView(ctx, intent.userId, (id) => positionsOf(ctx, id, intent.clientOrderId)),
  );
  return verdict.qty >= intent.qty ? null : (verdict.reason ?? 'Refused by a firm rule');
}
