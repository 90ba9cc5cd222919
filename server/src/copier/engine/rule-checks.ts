import type { AccountSnapshot } from '../../brokers/types';
import type { EngineContext } from './context';
import { stopAndFlatten } from './close-out';
import type { EngineAccount } from './types';

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
  await stopAndFlatten(ctx, {
    account,
    reason,
    stopFollowing: true,
    outcome: { kind: 'risk_stop', accountName: account.name, reason },
  });
}

/**
 * A balance reading: the follower that reached a firm limit is flattened (working orders canceled) and, after a
 * drawdown, stops following; a leader that broke its own rule makes the group copy no entries. The user is told.
 */
export async function checkFirmRules(
  ctx: EngineContext,
  account: EngineAccount,
  snapshot: AccountSnapshot,
): Promise<void> {
  if (ctx.guard === null) return;
  const isLeader = ctx.groups.get(account.userId)?.leader?.accountId === account.id;
  if (!isLeader && !account.isFollower) return;
  const equity = snapshot.cashBalance + snapshot.openPnl;
  const verdict = ctx.guard.onEquity(account.userId, account.id, equity, isLeader ? 'leader' : 'follower');
  if (verdict.leaderBreach !== null)
    ctx.notifier.notify(account.userId, {
      kind: 'leader_breach',
      accountName: account.name,
      reason: verdict.leaderBreach,
    });
  const action = verdict.flatten;
  if (action === null || isLeader || ctx.live.get(account.id)?.status.state === 'risk_stopped') return;
  await stopAndFlatten(ctx, {
    account,
    reason: action.reason,
    stopFollowing: action.stopFollowing,
    outcome: {
      kind: 'firm_rule',
      accountName: account.name,
      reason: action.reason,
      stopped: action.stopFollowing,
    },
  });
}
