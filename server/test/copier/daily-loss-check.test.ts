import type { EngineContext } from '../../src/copier/engine/context';
import { checkRules } from '../../src/copier/engine/rule-checks';
import { ownLimits } from '../../src/copier/engine/rules/own-limits';
import { newLiveAccount } from '../../src/copier/engine/state';
import { DEFAULT_RISK, type EngineAccount } from '../../src/copier/engine/types';
import { followerOne } from './support/engine-account';

/*
 * The rule: a follower whose realized + open P&L of the day falls to minus its daily loss limit (reaching it
 * counts) is closed out, stops following, is shown risk stopped and the user is told, once; a limit of 0 is
 * off; a leader is never stopped by it. The follower's own limits are the only rules here (no firm). The
 * close-out is queued on the user's send path (what it sends is tested in test/propfirm/engine-rule-stops.test.ts);
 * these examples see only that it was queued.
 */

const OK = { state: 'ok' as const, reason: null };

function setup(over: Partial<EngineAccount> = {}, options: { closeOutFails?: boolean } = {}) {
  const account = followerOne({ risk: { ...DEFAULT_RISK, dailyLossLimit: 1000 }, ...over });
  const live = newLiveAccount(OK, []);
  const closeOuts: number[] = [];
  const stopped: Array<[number, string]> = [];
  const notices: unknown[] = [];
  const logged: string[] = [];
  const ctx = {
    guard: ownLimits,
    groups: new Map(),
    accounts: new Map([[7, account]]),
    live: new Map([[7, live]]),
    enqueueFirst: (userId: number) => {
      closeOuts.push(userId);
      return options.closeOutFails === true ? Promise.reject(new Error('down')) : Promise.resolve();
    },
    directory: {
      stopFollowing: (id: number, reason: string) => {
        stopped.push([id, reason]);
        return Promise.resolve();
      },
    },
    notifier: { notify: (_userId: number, notice: unknown) => notices.push(notice) },
    log: (_error: unknown, context: string) => logged.push(context),
    setStatus: (_id: number, status: typeof live.status) => {
      (live as { status: typeof live.status }).status = status;
    },
  } as unknown as EngineContext;
  return { ctx, account, live, closeOuts, stopped, notices, logged };
}

const day = (realizedPnl: number, openPnl: number) => ({
  accountExternalId: 'F1',
  cashBalance: 50_000,
  realizedPnl,
  openPnl,
});

const REASON = 'Daily loss limit of $1,000 reached (day P&L $-1000.00)';

describe('checkRules: the daily loss limit', () => {
  it('when realized and open P&L together reach minus the limit, then a close-out is queued, the follower stopped and the user told', async () => {
    const t = setup();
    await checkRules(t.ctx, t.account, day(-600, -400));
    expect(t.closeOuts).toEqual([3]);
    expect(t.stopped).toEqual([[7, REASON]]);
    expect(t.account.isFollower).toBe(false);
    expect(t.live.status).toEqual({ state: 'risk_stopped', reason: REASON });
    expect(t.notices).toEqual([{ kind: 'risk_stop', accountName: 'Follower 1', reason: REASON }]);
  });

  it('when the day P&L is a cent above minus the limit, then nothing happens', async () => {
    const t = setup();
    await checkRules(t.ctx, t.account, day(-999.99, 0));
    expect([t.closeOuts, t.stopped, t.notices, t.account.isFollower]).toEqual([[], [], [], true]);
  });

  it('when the follower is already risk stopped, then it is not stopped twice', async () => {
    const t = setup();
    await checkRules(t.ctx, t.account, day(-2000, 0));
    await checkRules(t.ctx, t.account, day(-2500, 0));
    expect(t.closeOuts).toEqual([3]);
    expect(t.notices).toHaveLength(1);
  });

  it('when the limit is 0, or the account is not a follower, or is unknown, then nothing happens', async () => {
    for (const over of [
      { risk: { ...DEFAULT_RISK, dailyLossLimit: 0 } },
      { isFollower: false, isLeader: true },
    ]) {
      const t = setup(over);
      await checkRules(t.ctx, t.account, day(-5000, 0));
      expect([t.closeOuts, t.stopped, t.notices]).toEqual([[], [], []]);
    }
    const t = setup();
    await checkRules(t.ctx, { ...t.account, id: 8 }, day(-5000, 0));
    t.ctx.live.delete(7);
    await checkRules(t.ctx, t.account, day(-5000, 0));
    expect([t.closeOuts, t.stopped, t.notices]).toEqual([[], [], []]);
  });

  it('when the close-out fails, then the follower is still stopped, the user told and the failure logged', async () => {
    const failing = setup({}, { closeOutFails: true });
    await checkRules(failing.ctx, failing.account, day(-1000, 0));
    expect(failing.stopped).toHaveLength(1);
    expect(failing.logged).toEqual(['risk stop 7']);
    expect(failing.notices).toHaveLength(1);
    const working = setup();
    await checkRules(working.ctx, working.account, day(-1000, 0));
    expect([working.stopped.length, working.logged, working.notices.length]).toEqual([1, [], 1]);
  });
});
