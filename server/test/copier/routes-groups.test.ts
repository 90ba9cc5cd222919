import type { CopyGroup, MessageResponse, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call, table, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

const groups = async (t: TestApp, user: TestUser): Promise<CopyGroup[]> =>
  (await call<CopyGroup[]>(t.app, user, 'GET', '/copier/groups')).body;
const summary = (list: CopyGroup[]): unknown[] =>
  list.map((g) => [g.name, g.first, g.paused, g.leader_account_id, g.account_ids, g.follower_account_ids]);

describe('copy groups', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let ids: [number, number, number, number];
  let first: CopyGroup;
  let funded: CopyGroup;

  beforeAll(async () => {
    let rows: SyncAccount[];
    ({ t, user: alice, rows } = await openPaperDesk('Paper'));
    bob = await registerUser(t.app);
    ids = rows.map((r) => r.id) as [number, number, number, number];
  });
  afterAll(async () => t.close());

  it('when a trader lists groups for the first time, then one first group holds every account and there is no leader', async () => {
    const list = await groups(t, alice);
    expect(summary(list)).toEqual([['Group 1', true, false, null, ids, []]]);
    first = list[0] as CopyGroup;
  });

  it.each([
    [{}, 'Group name is required'],
    [{ name: '   ' }, 'Group name is required'],
    [{ name: 5 }, 'Group name must be text'],
    [{ name: 'x'.repeat(61) }, 'Group name must be at most 60 characters'],
  ])('when a group is created with %j, then it answers 400 %s', async (body, detail) => {
    const response = await call<{ detail: string }>(t.app, alice, 'POST', '/copier/groups', body);
    expect([response.status, response.body.detail]).toEqual([400, detail]);
  });

  it('when a group is created and then created again with its name, then the first answers 201 and the second 409', async () => {
    const created = await call<CopyGroup>(t.app, alice, 'POST', '/copier/groups', { name: 'Funded' });
    expect([created.status, created.body.name, created.body.first, created.body.account_ids]).toEqual([
      201,
      'Funded',
      false,
      [],
    ]);
    funded = created.body;
    const again = await call<{ detail: string }>(t.app, alice, 'POST', '/copier/groups', { name: 'Funded' });
    expect([again.status, again.body.detail]).toEqual([409, 'A group named "Funded" already exists']);
    const renamed = await call<{ detail: string }>(t.app, alice, 'PUT', `/copier/groups/${funded.id}/name`, {
      name: 'Group 1',
    });
    expect([renamed.status, renamed.body.detail]).toEqual([409, 'A group named "Group 1" already exists']);
  });

  it.each([
    [{ position: 'keep' }, 'account_id must be the id of one of your accounts'],
    [{ account_id: '1', position: 'keep' }, 'account_id must be the id of one of your accounts'],
    [{ account_id: 1.5, position: 'keep' }, 'account_id must be the id of one of your accounts'],
    [{ account_id: 1 }, 'position must be keep or align'],
    [{ account_id: 1, position: 'later' }, 'position must be keep or align'],
  ])('when an account is moved with %j, then it answers 400 %s', async (body, detail) => {
    const response = await call<{ detail: string }>(
      t.app,
      alice,
      'POST',
      `/copier/groups/${first.id}/accounts`,
      body,
    );
    expect([response.status, response.body.detail]).toEqual([400, detail]);
  });

  it("when another user names alice's groups or accounts, then every group call answers 404 and nothing changes", async () => {
    const bobGroup = (await groups(t, bob))[0] as CopyGroup;
    const attempts: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?]> = [
      ['PUT', `/copier/groups/${funded.id}/name`, { name: 'Mine' }],
      ['POST', `/copier/groups/${funded.id}/pause`],
      ['POST', `/copier/groups/${funded.id}/resume`],
      ['DELETE', `/copier/groups/${funded.id}`],
      ['POST', `/copier/groups/${funded.id}/accounts`, { account_id: ids[3], position: 'keep' }],
      ['POST', `/copier/groups/${bobGroup.id}/accounts`, { account_id: ids[3], position: 'keep' }],
      ['PUT', `/copier/followers/disable-all?groupId=${funded.id}`],
      ['PUT', `/copier/groups/abc/name`, { name: 'Mine' }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call<{ detail: string }>(t.app, bob, method, url, body);
      expect([method, url, response.status, typeof response.body.detail]).toEqual([
        method,
        url,
        404,
        'string',
      ]);
    }
    expect(summary(await groups(t, bob))).toEqual([['Group 1', true, false, null, [], []]]);
    expect(summary(await groups(t, alice))).toEqual([
      ['Group 1', true, false, null, ids, []],
      ['Funded', false, false, null, [], []],
    ]);
  });

  it('when a follower is moved to another group, then it is in that group only and stops following the old leader', async () => {
    const [leader, f1, f2, plain] = ids;
    await call(t.app, alice, 'PUT', `/copier/accounts/${leader}/master`);
    await call(t.app, alice, 'PUT', `/copier/accounts/${f1}/follower`);
    await call(t.app, alice, 'PUT', `/copier/accounts/${f2}/follower`);
    await call(t.app, alice, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    await waitForDesk(t.app, alice, (list) => list.filter((r) => r.qty === 1).length === 3);

    const moved = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${funded.id}/accounts`, {
      account_id: f2,
      position: 'keep',
    });
    expect([moved.status, moved.body.account_ids, moved.body.follower_account_ids]).toEqual([200, [f2], []]);
    expect(summary(await groups(t, alice))).toEqual([
      ['Group 1', true, false, leader, [leader, f1, plain], [f1]],
      ['Funded', false, false, null, [f2], []],
    ]);
    // The desk rows (and the feed built from them) carry each account's group.
    expect((await table(t.app, alice)).map((r) => [r.id, r.group_id])).toEqual([
      [leader, first.id],
      [f1, first.id],
      [f2, funded.id],
      [plain, first.id],
    ]);
    const again = await call<{ detail: string }>(
      t.app,
      alice,
      'POST',
      `/copier/groups/${funded.id}/accounts`,
      {
        account_id: f2,
        position: 'keep',
      },
    );
    expect([again.status, again.body.detail]).toEqual([409, 'The account is already in this group']);
    const leaderMove = await call<{ detail: string }>(
      t.app,
      alice,
      'POST',
      `/copier/groups/${funded.id}/accounts`,
      {
        account_id: leader,
        position: 'keep',
      },
    );
    expect([leaderMove.status, leaderMove.body.detail]).toEqual([
      409,
      "A group's leader cannot be moved: choose another leader for its group first",
    ]);
  });

  it("when an account is moved to a leader's group with keep, then it follows but keeps its position out of sync; with align it reaches leader × ratio", async () => {
    const [leader, , f2, plain] = ids;
    // plain is flat while the leader holds 1.
    const kept = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${funded.id}/accounts`, {
      account_id: plain,
      position: 'keep',
    });
    expect(kept.status).toBe(200);
    const backKeep = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${first.id}/accounts`, {
      account_id: plain,
      position: 'keep',
    });
    expect([backKeep.status, backKeep.body.follower_account_ids.includes(plain)]).toEqual([200, true]);
    const keptRow = (await table(t.app, alice)).find((r) => r.id === plain);
    expect([keptRow?.is_follower, keptRow?.qty, keptRow?.state]).toEqual([true, 0, 'out_of_sync']);

    await call(t.app, alice, 'PUT', `/copier/accounts/${f2}/ratio`, { ratio: 3 });
    const aligned = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${first.id}/accounts`, {
      account_id: f2,
      position: 'align',
    });
    expect([
      aligned.status,
      aligned.body.leader_account_id,
      aligned.body.follower_account_ids.includes(f2),
    ]).toEqual([200, leader, true]);
    const desk = await waitForDesk(t.app, alice, (list) => list.find((r) => r.id === f2)?.qty === 3);
    expect(desk.find((r) => r.id === f2)?.side).toBe('long');
  });

  it('when followers are disabled in one group, then the other group keeps its followers', async () => {
    const [, f1, f2, plain] = ids;
    await call(t.app, alice, 'POST', `/copier/groups/${funded.id}/accounts`, {
      account_id: f1,
      position: 'keep',
    });
    expect(summary(await groups(t, alice)).map((g) => (g as unknown[])[5])).toEqual([[f2, plain], []]);
    const disabled = await call<MessageResponse>(
      t.app,
      alice,
      'PUT',
      `/copier/followers/disable-all?groupId=${funded.id}`,
    );
    expect(disabled.status).toBe(200);
    expect(summary(await groups(t, alice)).map((g) => (g as unknown[])[5])).toEqual([[f2, plain], []]);
    const spec = await call<MessageResponse>(t.app, alice, 'PUT', '/copier/followers/disable-all');
    expect(spec.body.message).toBe('All followers disabled successfully');
    expect(summary(await groups(t, alice)).map((g) => (g as unknown[])[5])).toEqual([[], []]);
  });

  it('when a group is paused and resumed, then its state answers each time', async () => {
    const paused = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${first.id}/pause`);
    expect([paused.status, paused.body.paused]).toEqual([200, true]);
    const resumed = await call<CopyGroup>(t.app, alice, 'POST', `/copier/groups/${first.id}/resume`);
    expect([resumed.status, resumed.body.paused]).toEqual([200, false]);
  });

  it('when groups are deleted, then the first group is refused and another one gives its accounts back to the first', async () => {
    const [, f1] = ids;
    const refused = await call<{ detail: string }>(t.app, alice, 'DELETE', `/copier/groups/${first.id}`);
    expect([refused.status, refused.body.detail]).toEqual([
      400,
      'The first group cannot be deleted: it holds every account not placed in another group',
    ]);
    const deleted = await call<MessageResponse>(t.app, alice, 'DELETE', `/copier/groups/${funded.id}`);
    expect([deleted.status, deleted.body.message]).toEqual([200, 'Group deleted successfully']);
    const list = await groups(t, alice);
    expect(list.map((g) => g.name)).toEqual(['Group 1']);
    expect(list[0]?.account_ids).toEqual(ids);
    expect(list[0]?.account_ids.includes(f1)).toBe(true);
  });
});
