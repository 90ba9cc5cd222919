import type { FastifyInstance } from 'fastify';
import type {
  AccountPropRules,
  NewsEvent,
  PropHeadroom,
  PropPresetList,
  PropRules,
  SyncAccount,
} from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { waitForDesk } from '../copier/support/http';

async function call<T>(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

describe('prop-firm rules through the API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let accounts: SyncAccount[];
  let topstep: PropRules;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    await connectSim(t.app, alice, 'Alice paper');
    accounts = await waitForDesk(t.app, alice, (list) => list.length === 4);
    const presets = await call<PropPresetList>(t.app, alice, 'GET', '/propfirm/presets');
    const found = presets.body.presets.find((preset) => preset.id === 'topstep-combine-50k');
    if (found === undefined) throw new Error('no Topstep preset');
    topstep = found.rules;
  }, 120_000);
  afterAll(async () => t.close());

  const accountId = (index: number): number => accounts[index]?.id ?? 0;

  it('when presets are listed, then each names its sources and date, and the calendar says what it lacks', async () => {
    const { status, body } = await call<PropPresetList>(t.app, alice, 'GET', '/propfirm/presets');
    expect(status).toBe(200);
    expect(body.presets.map((preset) => preset.firm)).toEqual(
      expect.arrayContaining([
        'topstep',
        'apex',
        'takeprofittrader',
        'myfundedfutures',
        'tradeify',
        'bulenox',
      ]),
    );
    const preset = body.presets.find((item) => item.id === 'topstep-combine-50k');
    expect(preset?.checked_on).toBe('2026-11-23');
    expect(preset?.sources[0]).toBe('https://help.topstep.com/en/articles/8937219-topstepx-trade-copier');
    expect(preset?.rules.maxContracts).toEqual({ enabled: true, minis: 5, microsPerMini: 10 });
    expect(preset?.rules.dailyLoss).toEqual({ enabled: true, amount: 1000 });
    expect(body.calendar.coverage.FOMC).toBe('2028-01-26');
    expect(body.calendar.warnings).toContain('No NFP dates are shipped: add them as your own events');
  });

  it('when a follower gets the Topstep preset with an edited limit, then it is stored and read back', async () => {
    const id = accountId(1);
    expect(
      (await call<AccountPropRules>(t.app, alice, 'GET', `/propfirm/accounts/${id}/rules`)).body,
    ).toEqual({
      account_id: id,
      rules: null,
      warnings: [],
      calendar_ends: [],
    });
    const edited = { ...topstep, dailyLoss: { enabled: true, amount: 800 } };
    const put = await call<AccountPropRules>(t.app, alice, 'PUT', `/propfirm/accounts/${id}/rules`, edited);
    expect(put.status).toBe(200);
    const got = await call<AccountPropRules>(t.app, alice, 'GET', `/propfirm/accounts/${id}/rules`);
    expect(got.body.rules?.dailyLoss).toEqual({ enabled: true, amount: 800 });
    expect(got.body.rules?.preset).toBe('topstep-combine-50k');
    const headroom = await call<PropHeadroom[]>(t.app, alice, 'GET', '/propfirm/headroom');
    expect(headroom.body).toEqual([
      expect.objectContaining({
        account_id: id,
        firm: 'topstep',
        floor: 48_000,
        to_floor: 2000,
        to_daily_loss: 800,
      }),
    ]);
  });

  it('when rules are wrong, then the answer is 400 with a detail naming the field', async () => {
    const id = accountId(2);
    const cases: Array<[unknown, string]> = [
      [
        { ...topstep, dayStart: { zone: 'Mars/Olympus', time: '17:00' } },
        'dayStart.zone is not a known time zone: Mars/Olympus',
      ],
      [
        { ...topstep, drawdown: { ...topstep.drawdown, buffer: 5000 } },
        'drawdown.buffer must be smaller than drawdown.amount',
      ],
      [{ ...topstep, preset: 'nope' }, 'preset nope does not exist; use custom'],
      [{ ...topstep, firm: 'apex' }, 'preset topstep-combine-50k belongs to another firm'],
    ];
    for (const [body, detail] of cases) {
      const answer = await call<{ detail: string }>(
        t.app,
        alice,
        'PUT',
        `/propfirm/accounts/${id}/rules`,
        body,
      );
      expect([answer.status, answer.body.detail]).toEqual([400, detail]);
    }
    const typed = await call<{ detail: string }>(t.app, alice, 'PUT', `/propfirm/accounts/${id}/rules`, {
      ...topstep,
      maxContracts: { enabled: true, minis: 'five', microsPerMini: 10 },
    });
    expect(typed.status).toBe(400);
    expect(typed.body.detail).toMatch(/minis/);
    const missing = await call<{ detail: string }>(t.app, alice, 'PUT', `/propfirm/accounts/${id}/rules`, {
      firm: 'topstep',
    });
    expect(missing.status).toBe(400);
    expect(typeof missing.body.detail).toBe('string');
  });

  it("when another user asks for, changes or removes an account's rules, then it is 404 and nothing changes", async () => {
    const id = accountId(1);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', topstep],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call<{ detail: string }>(
        t.app,
        bob,
        method,
        `/propfirm/accounts/${id}/rules`,
        payload,
      );
      expect([answer.status, answer.body.detail]).toEqual([404, 'Account not found']);
    }
    expect((await call<PropHeadroom[]>(t.app, bob, 'GET', '/propfirm/headroom')).body).toEqual([]);
    const still = await call<AccountPropRules>(t.app, alice, 'GET', `/propfirm/accounts/${id}/rules`);
    expect(still.body.rules?.dailyLoss.amount).toBe(800);
  });

  it('when one value is changed, then only it changes, the memory stays, and a bad value is 400 with its detail', async () => {
    const id = accountId(1);
    const url = `/propfirm/accounts/${id}/rules`;
    const memory = (await t.app.propGuard.store.statesOf([id])).get(id);
    const mark = { ...(memory ?? {}), marker: 'kept' };
    await t.app.propGuard.store.putState(id, mark as never);
    const patched = await call<AccountPropRules>(t.app, alice, 'PATCH', url, {
      field: 'maxContracts.minis',
      value: 3,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.rules?.maxContracts).toEqual({ enabled: true, minis: 3, microsPerMini: 10 });
    expect(patched.body.rules?.dailyLoss).toEqual({ enabled: true, amount: 800 });
    expect((await t.app.propGuard.store.statesOf([id])).get(id)).toEqual(mark);
    const cases: Array<[unknown, string]> = [
      [{ field: 'maxContracts.minis', value: 0 }, 'Max contracts (minis) must be at least 1'],
      [{ field: 'maxContracts.minis', value: 2.5 }, 'Max contracts (minis) must be a whole number'],
      [{ field: 'dailyLoss.amount', value: 'lots' }, 'value must be number'],
      [{ field: 'drawdown.buffer', value: 5000 }, 'drawdown.buffer must be smaller than drawdown.amount'],
      [{ field: 'firm', value: 1 }, expect.stringMatching(/^field must be one of maxContracts\.minis, /)],
      [{ value: 1 }, "body must have required property 'field'"],
    ] as never;
    for (const [body, detail] of cases) {
      const answer = await call<{ detail: string }>(t.app, alice, 'PATCH', url, body);
      expect([answer.status, answer.body.detail]).toEqual([400, detail]);
    }
    const foreign = await call<{ detail: string }>(t.app, bob, 'PATCH', url, {
      field: 'maxContracts.minis',
      value: 50,
    });
    expect([foreign.status, foreign.body.detail]).toEqual([404, 'Account not found']);
    const none = await call<{ detail: string }>(
      t.app,
      alice,
      'PATCH',
      `/propfirm/accounts/${accountId(2)}/rules`,
      { field: 'maxContracts.minis', value: 2 },
    );
    expect([none.status, none.body.detail]).toEqual([
      404,
      'This account has no firm rules: pick a preset first',
    ]);
    const after = await call<AccountPropRules>(t.app, alice, 'GET', url);
    expect(after.body.rules?.maxContracts.minis).toBe(3);
    expect(after.body.rules?.drawdown.buffer).toBe(topstep.drawdown.buffer);
  });

  it('when several values are changed at once, then all are kept, or none when one is refused, and the memory stays', async () => {
    const id = accountId(1);
    const url = `/propfirm/accounts/${id}/rules/values`;
    const before = (await call<AccountPropRules>(t.app, alice, 'GET', `/propfirm/accounts/${id}/rules`)).body;
    const memory = (await t.app.propGuard.store.statesOf([id])).get(id);
    const mark = { ...(memory ?? {}), marker: 'kept together' };
    await t.app.propGuard.store.putState(id, mark as never);
    const patched = await call<AccountPropRules>(t.app, alice, 'PATCH', url, {
      edits: [
        { field: 'maxContracts.minis', value: 4 },
        { field: 'dailyLoss.amount', value: 650.5 },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.rules?.maxContracts).toEqual({ ...before.rules?.maxContracts, minis: 4 });
    expect(patched.body.rules?.dailyLoss).toEqual({ enabled: true, amount: 650.5 });
    expect((await t.app.propGuard.store.statesOf([id])).get(id)).toEqual(mark);
    const cases: Array<[unknown, string]> = [
      // The second value is refused: the first is not kept either.
      [
        {
          edits: [
            { field: 'maxContracts.minis', value: 9 },
            { field: 'drawdown.buffer', value: 500_000 },
          ],
        },
        'drawdown.buffer must be smaller than drawdown.amount',
      ],
      [
        {
          edits: [
            { field: 'maxContracts.minis', value: 9 },
            { field: 'maxContracts.minis', value: 0 },
          ],
        },
        expect.stringMatching(/each field may be changed once|must be at least 1/),
      ],
      [
        {
          edits: [
            { field: 'dailyLoss.amount', value: 100 },
            { field: 'dailyLoss.amount', value: 200 },
          ],
        },
        'each field may be changed once',
      ],
      [{ edits: [] }, 'edits must hold at least one change'],
      [
        { edits: [{ field: 'maxContracts.minis', value: 2.5 }] },
        'Max contracts (minis) must be a whole number',
      ],
      [{}, "body must have required property 'edits'"],
    ] as never;
    for (const [body, detail] of cases) {
      const answer = await call<{ detail: string }>(t.app, alice, 'PATCH', url, body);
      expect([answer.status, answer.body.detail]).toEqual([400, detail]);
    }
    const foreign = await call<{ detail: string }>(t.app, bob, 'PATCH', url, {
      edits: [{ field: 'maxContracts.minis', value: 50 }],
    });
    expect([foreign.status, foreign.body.detail]).toEqual([404, 'Account not found']);
    const after = (await call<AccountPropRules>(t.app, alice, 'GET', `/propfirm/accounts/${id}/rules`)).body;
    expect([after.rules?.maxContracts.minis, after.rules?.dailyLoss.amount]).toEqual([4, 650.5]);
    expect(after.rules?.drawdown.buffer).toBe(before.rules?.drawdown.buffer);
  });

  it('when a user adds news events, then only that user sees and deletes them', async () => {
    const added = await call<NewsEvent>(t.app, alice, 'POST', '/propfirm/events', {
      kind: 'NFP',
      title: 'Employment Situation',
      at: '2027-01-08T08:30:00-05:00',
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: expect.any(Number),
      kind: 'NFP',
      title: 'Employment Situation',
      at: '2027-01-08T13:30:00.000Z',
      roots: null,
    });
    expect((await call<NewsEvent[]>(t.app, bob, 'GET', '/propfirm/events')).body).toEqual([]);
    expect((await call<NewsEvent[]>(t.app, alice, 'GET', '/propfirm/events')).body).toHaveLength(1);
    const bad = await call<{ detail: string }>(t.app, alice, 'POST', '/propfirm/events', {
      kind: 'NFP',
      title: 'x',
      at: '2027-01-08T08:30:00',
    });
    expect(bad.status).toBe(400);
    const foreign = await call<{ detail: string }>(t.app, bob, 'DELETE', `/propfirm/events/${added.body.id}`);
    expect([foreign.status, foreign.body.detail]).toEqual([404, 'Event not found']);
    const own = await call<{ message: string }>(t.app, alice, 'DELETE', `/propfirm/events/${added.body.id}`);
    expect([own.status, own.body.message]).toEqual([200, 'Event deleted']);
  });

  it('when the rules are removed, then the account has none and leaves the headroom list', async () => {
    const id = accountId(1);
    const removed = await call<{ message: string }>(t.app, alice, 'DELETE', `/propfirm/accounts/${id}/rules`);
    expect([removed.status, removed.body.message]).toEqual([200, 'Firm rules removed']);
    expect(
      (await call<AccountPropRules>(t.app, alice, 'GET', `/propfirm/accounts/${id}/rules`)).body.rules,
    ).toBeNull();
    expect((await call<PropHeadroom[]>(t.app, alice, 'GET', '/propfirm/headroom')).body).toEqual([]);
  });
});
