import { syncEventKey } from './client-ids';
import type { EngineContext } from './context';
import { marketIntent } from './market-intent';
import { dispatch } from './sender';
import { planMove } from './sizing';
import type { CopyIntent } from './types';

let flattenSequence = 0;

/**
 * A firm rule's deadline came (the flat-by time): the follower is closed out (`closeOutForRule`) and the user is
 * told. The leader is the user's own trading and is never flattened by the copier.
 */
export async function flattenForRule(
  ctx: EngineContext,
  accountId: number,
  reason: string,
): Promise<boolean> {
  const account = ctx.accounts.get(accountId);
  if (account === undefined || !account.isFollower) return false;
  // A follower already flat with nothing working: nothing happened, nobody is told.
  if (!(await closeOutForRule(ctx, accountId, reason))) return false;
  ctx.notifier.notify(account.userId, {
    kind: 'firm_rule',
    accountName: account.name,
    reason,
    stopped: false,
  });
  ctx.changed(account.userId);
  return true;
}

/**
 * A rule acts on a follower (flat-by, a drawdown or daily loss stop): its working orders are canceled and its
 * positions closed through the normal send path (stored, sent within the broker's budget, looked up by client id
 * before any resend, each order carrying the rule's reason in the orders list). It also runs for a follower the
 * rule has just stopped: its close-out still goes out. True when anything was canceled or sent.
 */
export async function closeOutForRule(
  ctx: EngineContext,
  accountId: number,
  reason: string,
): Promise<boolean> {
  const account = ctx.accounts.get(accountId);
  if (account === undefined || account.isLeader) return false;
  const group = ctx.groups.get(account.userId);
  if (group?.leader?.accountId === account.id) return false;
  const entry = ctx.sessions.get(account.connectionId);
  if (entry === undefined) return false;
  // Copies on their way land first: the positions read next are then the ones to close.
  await Promise.allSettled([...(group?.inflight.get(account.id) ?? [])]);
  const [working, positions] = await Promise.all([entry.session.workingOrders(), entry.session.positions()]);
  const mine = working.filter((order) => order.accountExternalId === account.externalId);
  const cancels = await Promise.allSettled(
    mine.map((order) => entry.session.cancelOrder(account.externalId, order.orderId)),
  );
  for (const result of cancels)
    if (result.status === 'rejected') ctx.log(result.reason, `firm rule cancel ${account.id}`);
  flattenSequence += 1;
  const eventKey = syncEventKey(account.id, `r${Math.floor(ctx.clock.now()).toString(36)}${flattenSequence}`);
  const intents: CopyIntent[] = [];
  for (const position of positions) {
    if (position.accountExternalId !== account.externalId || position.netPos === 0) continue;
    // Every part of a move to flat closes: an exit, served first by the budget.
    for (const part of planMove(position.netPos, 0, account.risk))
      intents.push(
        marketIntent(eventKey, account, intents.length, position.symbol, { ...part, exit: true }, reason),
      );
  }
  if (intents.length > 0) {
    const claim = await ctx.store.claim({
      eventKey,
      userId: account.userId,
      intents,
      skips: [],
      eventTime: null,
    });
    const started = ctx.clock.now();
    await Promise.allSettled(
      intents
        .filter((intent) => claim.claimed.has(intent.clientOrderId))
        .map((intent) => dispatch(ctx, intent, started)),
    );
  }
  return intents.length > 0 || mine.length > 0;
}
