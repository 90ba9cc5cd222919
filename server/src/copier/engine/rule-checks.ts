import type { AccountSnapshot } from '../../brokers/types';
import type { EngineContext } from './context';
import { stopAndFlatten } from './close-out';
import { leaderStateOf } from './state';
import type { EngineAccount } from './types';

/**
 * A balance reading put to the follower's rules (`ctx.guard`): a leader that broke its own firm rule makes the
 * group copy no entries, and the user is told; a follower that reached a limit (its daily loss limit, a firm's
 * drawdown or daily limit) is flattened, working orders canceled, and stops following when the rule says so.
 */
export async function checkRules(
  ctx: EngineContext,
  account: EngineAccount,
  snapshot: AccountSnapshot,
): Promise<void> {
  const verdict = ctx.guard.onReading({
    account,
    leads: leaderStateOf(ctx.groups.get(account.userId), account.id) !== null,
    follows: account.isFollower,
    state: ctx.live.get(account.id)?.status.state ?? null,
    snapshot,
  });
  if (verdict.leaderBreach !== null)
    ctx.notifier.notify(
      account.userId,
      {
        kind: 'leader_breach',
        accountName: account.name,
        reason: verdict.leaderBreach,
      },
      account.id,
    );
  const action = verdict.flatten;
  if (action === null) return;
  const { reason, stopFollowing } = action;
  await stopAndFlatten(ctx, {
    account,
    reason,
    stopFollowing,
    outcome:
      action.kind === 'risk_stop'
        ? { kind: 'risk_stop', accountName: account.name, reason }
        : { kind: 'firm_rule', accountName: account.name, reason, stopped: stopFollowing },
  });
}
