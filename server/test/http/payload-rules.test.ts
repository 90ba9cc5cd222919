import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim, firstAccountId } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';

describe('payload rules: a route checks its payload with the shared yup schema, after its own checks', () => {
  let t: TestApp;
  let user: TestUser;
  let accountId: number;

  const send = async (method: 'PUT' | 'POST' | 'PATCH', url: string, payload: unknown) => {
    const response = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    return [response.statusCode, (response.json() as { detail?: string }).detail];
  };

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    await connectSim(t.app, user);
    accountId = await firstAccountId(t.app, user);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['ratio', { ratio: '2' }],
    ['cross', { cross: 'yes' }],
    ['risk', { daily_loss_limit: 0.001 }],
  ])(
    'when the account of a %s change is unknown, then 404 answers before the body is checked',
    async (path, body) => {
      expect(await send('PUT', `/copier/accounts/999999/${path}`, body)).toEqual([404, 'Account not found']);
    },
  );

  it('when a firm rule edit names an unknown account, then 404 answers before the edit is checked', async () => {
    expect(await send('PATCH', '/propfirm/accounts/999999/rules', { field: 'nope', value: 1 })).toEqual([
      404,
      'Account not found',
    ]);
  });

  it('when an API key arrives for an unknown broker, then 404 answers before the fields are checked', async () => {
    expect(await send('POST', '/brokers/nope/connect-key', {})).toEqual([404, 'Broker not found']);
  });

  it('when a journal names a malformed trade or day, then the address answers before the note is checked', async () => {
    const long = 'x'.repeat(5_001);
    expect(await send('PUT', '/copier/trade-history/trades/abc/journal', { journal: long })).toEqual([
      404,
      'Trade not found',
    ]);
    expect(await send('PUT', '/copier/journal/days/2026-02-30', { note: long })).toEqual([
      400,
      'date must be a date (YYYY-MM-DD)',
    ]);
    expect(await send('PUT', '/copier/journal/days/2026-02-03', { note: long })).toEqual([
      400,
      'note must be at most 5000 characters',
    ]);
    expect(await send('PUT', '/copier/journal/days/2026-02-03', {})).toEqual([400, 'note must be text']);
    expect(await send('PUT', '/copier/journal/days/2026-02-03', { note: '' })).toEqual([200, undefined]);
  });

  it.each([
    ['ratio', { ratio: '2' }, 'Please enter a valid ratio value'],
    ['ratio', { ratio: 1001 }, 'Ratio must be at most 1000'],
    ['cross', { cross: 'true' }, 'cross must be true or false'],
    ['risk', { daily_loss_limit: 10.001 }, 'daily_loss_limit must be in whole cents'],
  ])('when a %s change breaks its rule, then 400 with the rule message', async (path, body, detail) => {
    expect(await send('PUT', `/copier/accounts/${accountId}/${path}`, body)).toEqual([400, detail]);
  });

  it('when a ratio is valid, then the handler receives it', async () => {
    expect(await send('PUT', `/copier/accounts/${accountId}/ratio`, { ratio: 2.5 })).toEqual([
      200,
      undefined,
    ]);
  });
});
