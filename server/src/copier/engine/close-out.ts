import { syncEventKey } from './client-ids';
import type { EngineContext } from './context';
import { marketIntent } from './market-intent';
import { dispatch } from './sender';
import { planMove } from './sizing';
import type { EngineOutcome } from './outcomes';
import { leaderStateOf, stopFollower } from './state';
import type { CopyIntent, EngineAccount } from './types';

let flattenSequence = 0;

/**
 * What every rule that acts on a follower asks for (the daily loss limit, a firm's drawdown or daily limit): close
 * it out ahead of the user's waiting copies, maybe stop it following first, and tell the user. Executed only by
 * `stopAndFlatten`, the one close-out path.
 */
export interface StopAndFlatten {
  account: EngineAccount;
  reason: string;
  /** The follower stops following (at once, and stored) before its close-out goes out. */
  stopFollowing: boolean;
  /** What the user is told once the close-out is under way. */
  outcome: Extract<EngineOutcome, { kind: 'risk_stop' | 'firm_rule' }>;
}

/** Runs a rule's command: the role change first (no new copy is planned for a stopped follower), then the close-out. */
export async function stopAndFlatten(ctx: EngineContext, command: StopAndFlatten): Promise<void> {
  const { account, reason } = command;
  if (command.stopFollowing) {
    stopFollower(account);
    ctx.setStatus(account.id, { state: 'risk_stopped', reason });
  }
  const label = command.outcome.kind === 'risk_stop' ? 'risk stop' : 'firm rule';
  // Closed through the send path ahead of the user's waiting copies, each order carrying the rule's reason.
  const results = await Promise.allSettled([
    ctx.enqueueFirst(account.userId, async () => void (await closeOutForRule(ctx, account.id, reason))),
    command.stopFollowing ? ctx.directory.stopFollowing(account.id, reason) : Promise.resolve(),
  ]);
  for (const result of results)
    if (result.status === 'rejected') ctx.log(result.reason, `${label} ${account.id}`);
  ctx.notifier.notify(account.userId, command.outcome, account.id);
}

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
  ctx.notifier.notify(
    account.userId,
    {
      kind: 'firm_rule',
      accountName: account.name,
      reason,
      stopped: false,
    },
    account.id,
  );
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
  if (leaderStateOf(group, account.id) !== null) return false;
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
  const bounds = ctx.guard.boundsOf(account);
  for (const position of positions) {
    if (position.accountExternalId !== account.externalId || position.netPos === 0) continue;
    // Every part of a move to flat closes: an exit, served first by the budget.
    for (const part of planMove(position.netPos, 0, bounds))
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
