import type { CopyGroup, SyncAccount, WorkingOrder } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call, table, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

/**
 * Two copy groups of one trader on the server: each group's leader is copied by its own followers only, a
 * leader set in one group leaves the other group's leader alone, pausing one group leaves the other copying,
 * and the desk's order actions narrowed to a group touch that group only.
 */
describe('two copy groups copying at once', () => {
  let t: TestApp;
  let alice: TestUser;
  let l1: number, f1: number, l2: number, f2: number;
  let funded: CopyGroup;

  const trade = async (account: number, side: 'buy' | 'sell', qty: number): Promise<void> => {
    const placed = await call(t.app, alice, 'POST', '/sim/orders', {
      account_id: account,
      contract: 'ES',
      side,
      qty,
      order_type: 'Market',
    });
    expect(placed.status).toBe(200);
  };
  const signed = (row: SyncAccount | undefined): number =>
    row === undefined ? NaN : row.side === 'short' ? -row.qty : row.qty;
  const positions = (list: SyncAccount[]): number[] =>
    [l1, f1, l2, f2].map((id) => signed(list.find((r) => r.id === id)));
  const deskAt = (expected: number[]): Promise<SyncAccount[]> =>
    waitForDesk(t.app, alice, (list) => JSON.stringify(positions(list)) === JSON.stringify(expected));

  beforeAll(async () => {
    let rows: SyncAccount[];
    ({ t, user: alice, rows } = await openPaperDesk('Paper'));
    [l1, f1, l2, f2] = rows.map((r) => r.id) as [number, number, number, number];
    await call(t.app, alice, 'PUT', `/copier/accounts/${l1}/master`);
    await call(t.app, alice, 'PUT', `/copier/accounts/${f1}/follower`);
    funded = (await call<CopyGroup>(t.app, alice, 'POST', '/copier/groups', { name: 'Funded' })).body;
    for (const id of [l2, f2])
      await call(t.app, alice, 'POST', `/copier/groups/${funded.id}/accounts`, {
        account_id: id,
        position: 'keep',
      });
  });
  afterAll(async () => t.close());

  it("when a leader is chosen in the second group, then the first group keeps its leader and each group's follower follows its own leader", async () => {
    const set = await call(t.app, alice, 'PUT', `/copier/accounts/${l2}/master`, { followers: 'keep' });
    expect(set.status).toBe(200);
    const toggled = await call(t.app, alice, 'PUT', `/copier/accounts/${f2}/follower`);
    expect(toggled.status).toBe(200);
    const list = (await call<CopyGroup[]>(t.app, alice, 'GET', '/copier/groups')).body;
    expect(list.map((g) => [g.name, g.leader_account_id, g.follower_account_ids])).toEqual([
      ['Group 1', l1, [f1]],
      ['Funded', l2, [f2]],
    ]);
    const rows = await table(t.app, alice);
    expect(rows.filter((r) => r.is_master).map((r) => r.id)).toEqual([l1, l2]);
  });

  it("when both leaders trade, then each follower holds its own leader's position and not the other's", async () => {
    await Promise.all([trade(l1, 'buy', 1), trade(l2, 'sell', 2)]);
    await deskAt([1, 1, -2, -2]);
    await trade(l1, 'buy', 2);
    const desk = await deskAt([3, 3, -2, -2]);
    expect(desk.filter((r) => r.id === f1 || r.id === f2).map((r) => r.state)).toEqual(['ok', 'ok']);
  });

  it('when the second group is paused, then its leader is not copied while the first group keeps copying', async () => {
    const paused = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${funded.id}/pause`);
    expect(paused.body.paused).toBe(true);
    await trade(l2, 'buy', 2);
    await trade(l1, 'sell', 3);
    await deskAt([0, 0, 0, -2]);
    await call(t.app, alice, 'POST', `/copier/groups/${funded.id}/resume`);
    // Resumed, its follower is brought back to its leader × ratio by a Sync.
    await call(t.app, alice, 'POST', `/copier/accounts/${f2}/sync`);
    await deskAt([0, 0, 0, 0]);
  });

  it("when orders are listed and canceled for one group, then only that group's accounts are touched", async () => {
    const below = async (account: number): Promise<void> => {
      const placed = await call(t.app, alice, 'POST', '/sim/orders', {
        account_id: account,
        contract: 'ES',
        side: 'buy',
        qty: 1,
        order_type: 'Limit',
        price: 1000,
      });
      expect(placed.status).toBe(200);
    };
    await below(l1);
    await below(l2);
    const working = async (query: string): Promise<number[]> =>
      (await call<WorkingOrder[]>(t.app, alice, 'GET', `/copier/orders/working${query}`)).body
        .map((o) => o.account)
        .sort((a, b) => a - b);
    // Each leader's resting order is mirrored on its own follower only.
    for (let tries = 0; (await working('')).length < 4 && tries < 200; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await working('')).toEqual([l1, f1, l2, f2].sort((a, b) => a - b));
    expect(await working(`?groupId=${funded.id}`)).toEqual([l2, f2]);
    const canceled = await call(t.app, alice, 'POST', `/copier/orders/cancel-all?groupId=${funded.id}`);
    expect(canceled.status).toBe(200);
    expect(await working('')).toEqual([l1, f1]);
    const other = await call<{ detail: string }>(
      t.app,
      alice,
      'GET',
      '/copier/orders/working?groupId=999999',
    );
    expect([other.status, other.body.detail]).toEqual([404, 'Group not found']);
  });

  it('when the second group is deleted, then its leader leads nothing and the first group keeps its own leader', async () => {
    const deleted = await call(t.app, alice, 'DELETE', `/copier/groups/${funded.id}`);
    expect(deleted.status).toBe(200);
    const list = (await call<CopyGroup[]>(t.app, alice, 'GET', '/copier/groups')).body;
    expect(list.map((g) => [g.name, g.leader_account_id, g.follower_account_ids])).toEqual([
      ['Group 1', l1, [f1]],
    ]);
    expect((await table(t.app, alice)).filter((r) => r.is_master).map((r) => r.id)).toEqual([l1]);
  });

  it('when a follower drifts with auto-sync off, then its notification names the account, so it shows under its group', async () => {
    await call(t.app, alice, 'PUT', `/copier/accounts/${f1}/risk`, { auto_sync: false });
    await trade(l1, 'buy', 1);
    await waitForDesk(t.app, alice, (list) => list.find((r) => r.id === f1)?.qty === 1);
    // A new ratio with auto-sync off: the follower is told out of sync, not corrected.
    await call(t.app, alice, 'PUT', `/copier/accounts/${f1}/ratio`, { ratio: 3 });
    let found: { account_id?: number | null } | undefined;
    for (let tries = 0; found === undefined && tries < 200; tries += 1) {
      const list = await call<{ notifications: Array<{ kind: string; account_id?: number | null }> }>(
        t.app,
        alice,
        'GET',
        '/notifications',
      );
      found = list.body.notifications.find((n) => n.kind === 'out_of_sync');
      if (found === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(found?.account_id).toBe(f1);
  });
});
