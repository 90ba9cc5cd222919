import type { CopyGroup, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { connectSim } from '../support/connect-sim';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

/**
 * The desk's pace warning for a login shared by two copy groups: each follower on the login costs one request per
 * order of its own leader, and the warning appears only once the leaders' pace in the last minute needs more
 * requests than the login's limit, not when it needs exactly the limit.
 */
describe('the pace warning of a login two copy groups share', () => {
  let t: TestApp;
  let alice: TestUser;
  let l1: number, f1: number, l2: number, f2: number;
  /** A follower of the first group on another paper login: its requests draw on that login's budget. */
  let other: number;

  const trade = async (account: number, side: 'buy' | 'sell'): Promise<void> => {
    const placed = await call(t.app, alice, 'POST', '/sim/orders', {
      account_id: account,
      contract: 'ES',
      side,
      qty: 1,
      order_type: 'Market',
    });
    expect(placed.status).toBe(200);
  };
  const row = (list: SyncAccount[], id: number): SyncAccount | undefined => list.find((r) => r.id === id);
  const warnings = (list: SyncAccount[]): (string | null | undefined)[] =>
    [l1, f1, l2, f2].map((id) => row(list, id)?.pace_warning);

  beforeAll(async () => {
    let rows: SyncAccount[];
    // Two requests a minute for the paper login all four accounts are on.
    ({ t, user: alice, rows } = await openPaperDesk('Shared paper', 2));
    [l1, f1, l2, f2] = rows.map((r) => r.id) as [number, number, number, number];
    await call(t.app, alice, 'PUT', `/copier/accounts/${l1}/master`);
    await call(t.app, alice, 'PUT', `/copier/accounts/${f1}/follower`);
    const funded = (await call<CopyGroup>(t.app, alice, 'POST', '/copier/groups', { name: 'Funded' })).body;
    for (const id of [l2, f2])
      await call(t.app, alice, 'POST', `/copier/groups/${funded.id}/accounts`, {
        account_id: id,
        position: 'keep',
      });
    await call(t.app, alice, 'PUT', `/copier/accounts/${l2}/master`, { followers: 'keep' });
    await call(t.app, alice, 'PUT', `/copier/accounts/${f2}/follower`);
    await connectSim(t.app, alice, 'Other paper');
    const all = await waitForDesk(t.app, alice, (list) => list.length === 8);
    other = all.find((r) => r.connection_name === 'Other paper')!.id;
    await call(t.app, alice, 'PUT', `/copier/accounts/${other}/follower`);
  });
  afterAll(async () => t.close());

  it('when the two leaders need exactly the limit, then no row warns; one order more and both followers do, with each group counted', async () => {
    await trade(l1, 'buy');
    await trade(l2, 'sell');
    // One order from each leader: 2 requests a minute against a limit of 2.
    const even = await waitForDesk(
      t.app,
      alice,
      (list) =>
        row(list, f1)?.qty === 1 &&
        row(list, other)?.qty === 1 &&
        row(list, f2)?.side === 'short' &&
        row(list, f2)?.qty === 1,
    );
    expect(warnings(even)).toEqual([null, null, null, null]);
    expect(row(even, other)?.pace_warning).toBeNull();

    await trade(l1, 'buy');
    const warning =
      "2 followers of 2 copy groups on this paper login need one request each per order of their leader; at their leaders' pace that is 3 requests a minute against a limit of 2";
    // The warning counts the leader's order at once; the copy it holds back and the other login's copy settle after.
    const over = await waitForDesk(
      t.app,
      alice,
      (list) =>
        row(list, f1)?.pace_warning === warning &&
        row(list, f2)?.pace_warning === warning &&
        row(list, f1)?.state === 'rate_limited' &&
        row(list, other)?.qty === 2,
    );
    // The leaders send no copies: they carry no warning. The follower whose leader did not trade again shares the login.
    expect(warnings(over)).toEqual([null, warning, null, warning]);
    // The third request of the minute waits: the follower shows what it waits for.
    expect(row(over, f1)?.state).toBe('rate_limited');
    expect(row(over, f1)?.throttle).toMatchObject({
      queued: 1,
      target_qty: 2,
      position: 1,
      limit_per_minute: 2,
    });
    expect(row(over, f2)?.throttle ?? null).toBeNull();
    // The first leader's 2 orders a minute are the other login's whole limit, and it counts its own follower only.
    expect(row(over, other)?.qty).toBe(2);
    expect(row(over, other)?.pace_warning).toBeNull();
  });

  it('when the engine is asked about an account it does not hold, then there is no throttle and no warning', () => {
    const { engine } = t.app.copier;
    expect([engine.throttleOf(987_654), engine.paceShortfallOf(987_654)]).toEqual([null, null]);
    // A leader waits on nothing and sends no copies.
    expect([engine.throttleOf(l1), engine.paceShortfallOf(l1)]).toEqual([null, null]);
  });
});
