import { authenticator } from 'otplib';
import type { CopyGroup, SyncAccount, TwoFactorSetup } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

interface PaperLedger {
  positions: { symbol: string; net_pos: number }[];
  working_orders: { order_id: string }[];
}

/**
 * A paper leader holding 1 ES with a resting limit order, copied by two followers (ratios 1 and 2). The phone kill
 * switch acts on one account or on the whole group; the paper ledgers (the venue's own books) say what happened.
 */
describe('phone kill switch', () => {
  let t: TestApp;
  let user: TestUser;
  let leader: number;
  let f1: number;
  let f2: number;
  const ledger = async (id: number): Promise<PaperLedger> =>
    (await call<PaperLedger>(t.app, user, 'GET', `/sim/accounts/${id}/ledger`)).body;
  const held = async (id: number): Promise<number> =>
    (await ledger(id)).positions.reduce((sum, p) => sum + p.net_pos, 0);
  const kill = (body: Record<string, unknown>, as: TestUser = user) =>
    call<{ message?: string; detail?: string }>(t.app, as, 'POST', '/copier/kill-switch', body);
  const desk = async (): Promise<SyncAccount[]> =>
    (await call<SyncAccount[]>(t.app, user, 'GET', '/brokers/accounts/table')).body;

  beforeAll(async () => {
    const opened = await openPaperDesk('Phone');
    ({ t, user } = opened);
    [leader, f1, f2] = opened.rows.map((row) => row.id) as [number, number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    for (const follower of [f1, f2]) await call(t.app, user, 'PUT', `/copier/accounts/${follower}/follower`);
    await call(t.app, user, 'PUT', `/copier/accounts/${f2}/ratio`, { ratio: 2 });
    const bought = await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    expect(bought.status).toBe(200);
    await waitForDesk(
      t.app,
      user,
      (rows) => rows.find((r) => r.id === f1)?.qty === 1 && rows.find((r) => r.id === f2)?.qty === 2,
    );
  }, 60_000);
  afterAll(async () => t.close());

  it('when the body names no target, two targets, no action or a wrong type, then 400 says which and nothing moves', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { flatten: true, cancel_orders: false, stop_following: false },
        'Choose one copy group or one account',
      ],
      [
        { group_id: 1, account_id: f1, flatten: true, cancel_orders: false, stop_following: false },
        'Choose one copy group or one account',
      ],
      [
        { account_id: f1, flatten: false, cancel_orders: false, stop_following: false },
        'Choose at least one action: flatten, cancel orders or stop following',
      ],
      [
        { account_id: f1, flatten: 'yes', cancel_orders: false, stop_following: false },
        'flatten, cancel_orders and stop_following must be true or false',
      ],
    ];
    for (const [body, detail] of cases) {
      const answer = await kill(body);
      expect([answer.status, answer.body.detail]).toEqual([400, detail]);
    }
    expect([await held(leader), await held(f1), await held(f2)]).toEqual([1, 1, 2]);
  });

  it("when another trader aims at this trader's account or group, then 404 and nothing moves", async () => {
    const other = await registerUser(t.app);
    const groups = (await call<CopyGroup[]>(t.app, user, 'GET', '/copier/groups')).body;
    const actions = { flatten: true, cancel_orders: true, stop_following: true };
    expect((await kill({ account_id: f2, ...actions }, other)).status).toBe(404);
    expect((await kill({ group_id: groups[0]?.id, ...actions }, other)).status).toBe(404);
    expect([await held(f1), await held(f2)]).toEqual([1, 2]);
  });

  it('when one follower is killed, then it stops following and is flat while the others keep their positions', async () => {
    const answer = await kill({ account_id: f2, flatten: true, cancel_orders: true, stop_following: true });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(
      /^Kill switch done for .+: 1 follower stopped, 0 working orders canceled, 1 account flattened$/,
    );
    expect(await held(f2)).toBe(0);
    expect([await held(leader), await held(f1)]).toEqual([1, 1]);
    const rows = await desk();
    expect(rows.find((r) => r.id === f2)?.is_follower).toBe(false);
    expect(rows.find((r) => r.id === f1)?.is_follower).toBe(true);
  });

  it('when 2FA is on, then the group kill needs a current code; with it every account is flat with no working order', async () => {
    const resting = await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Limit',
      price: 1000,
    });
    expect(resting.status).toBe(200);
    expect((await ledger(leader)).working_orders).toHaveLength(1);
    const setup = (await call<TwoFactorSetup>(t.app, user, 'POST', '/auth/2fa/setup')).body;
    expect(
      (await call(t.app, user, 'POST', '/auth/2fa/enable', { code: authenticator.generate(setup.secret) }))
        .status,
    ).toBe(200);
    const groups = (await call<CopyGroup[]>(t.app, user, 'GET', '/copier/groups')).body;
    const all = { group_id: groups[0]?.id, flatten: true, cancel_orders: true, stop_following: true };

    const missing = await kill(all);
    expect([missing.status, missing.body.detail]).toEqual([
      400,
      'Enter the code from your authenticator app to confirm',
    ]);
    const wrong = await kill({ ...all, code: '000000' });
    expect([wrong.status, wrong.body.detail]).toEqual([400, 'Invalid two-factor code']);
    expect([await held(leader), await held(f1)]).toEqual([1, 1]);
    expect((await ledger(leader)).working_orders).toHaveLength(1);

    const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(setup.secret);
    const done = await kill({ ...all, code });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(
      /: 1 follower stopped, \d+ working orders? canceled, 4 accounts flattened$/,
    );
    for (const id of [leader, f1, f2]) {
      expect(await held(id)).toBe(0);
      expect((await ledger(id)).working_orders).toEqual([]);
    }
    expect((await desk()).filter((r) => r.is_follower)).toEqual([]);
    const replay = await kill({ ...all, code });
    expect([replay.status, replay.body.detail]).toEqual([400, expect.stringMatching(/already used/i)]);
  });
});
