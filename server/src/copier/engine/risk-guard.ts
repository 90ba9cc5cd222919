import type { AccountSnapshot } from '../../brokers/types';
import type { EngineContext } from './context';
import { closeOutForRule } from './rule-flatten';

/**
 * Daily loss limit: when a follower's realized + open P&L since 18:00 New York falls to minus the limit,
 * the follower is flattened, stops following, and the user is told.
 */
export async function checkDailyLoss(
  ctx: EngineContext,
  accountId: number,
  snapshot: AccountSnapshot,
): Promise<void> {
  const account = ctx.accounts.get(accountId);
  const live = ctx.live.get(accountId);
  if (account === undefined || live === undefined || !account.isFollower || account.risk.dailyLossLimit <= 0)
    return;
  if (live.status.state === 'risk_stopped') return;
  const pnl = snapshot.realizedPnl + snapshot.openPnl;
  if (pnl > -account.risk.dailyLossLimit) return;
  const reason = `Daily loss limit of $${account.risk.dailyLossLimit.toLocaleString('en-US')} reached (day P&L $${pnl.toFixed(2)})`;
  account.isFollower = false;
  ctx.setStatus(accountId, { state: 'risk_stopped', reason });
  // Closed through the send path ahead of the user's waiting copies, each order carrying the reason.
  await Promise.allSettled([
    ctx.enqueueFirst(account.userId, async () => void (await closeOutForRule(ctx, accountId, reason))),
    ctx.directory.stopFollowing(accountId, reason),
  ]).then((results) => {
    for (const result of results)
      if (result.status === 'rejected') ctx.log(result.reason, `risk stop ${accountId}`);
  });
  ctx.notifier.notify(account.userId, {
    kind: 'risk_stop',
    accountName: account.name,
    reason,
  });
}
