import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

const NUL = '\u0000';

describe('bad input answers 400 with a detail, never 500', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  });
  afterAll(async () => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, signedIn = true) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(signedIn ? { headers: user.headers } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  const trade = {
    symbol: 'ES',
    side: 'buy',
    qty: 1,
    entry_time: '2026-01-05T14:30:00Z',
    exit_time: '2026-01-05T14:35:00Z',
    entry_price: 5000,
    exit_price: 5001,
    pnl: 50,
    external_id: 'row-1',
  };

  it.each([
    ['register email', 'POST', '/auth/register', { email: `a${NUL}@b.com`, password: 'Str0ng!Pass' }, false],
    [
      'register password',
      'POST',
      '/auth/register',
      { email: 'nul@b.com', password: `Str0ng!${NUL}Pass` },
      false,
    ],
    ['login email', 'POST', '/auth/login', { email: `a${NUL}@b.com`, password: 'whatever1' }, false],
    ['forgot email', 'POST', '/auth/forgot-password', { email: `a${NUL}@b.com` }, false],
    ['profile username', 'PUT', '/auth/profile', { username: `me${NUL}` }, true],
    ['profile bio', 'PUT', '/auth/profile', { bio: `hello${NUL}` }, true],
    ['day note', 'PUT', '/copier/journal/days/2026-01-05', { note: `note${NUL}` }, true],
    [
      'import symbol',
      'POST',
      '/copier/trade-history/import',
      { trades: [{ ...trade, symbol: `E${NUL}S` }] },
      true,
    ],
  ] as const)(
    'when the %s holds a zero byte, then 400 with a detail',
    async (_name, method, url, payload, signedIn) => {
      const response = await send(method, url, payload, signedIn);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Text must not contain zero bytes' });
    },
  );

  it('when a query or a path holds a zero byte, then 400 too', async () => {
    const query = await send('GET', '/brokers/sim/connect?connection_name=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ detail: 'Text must not contain zero bytes' });
    const path = await send('PUT', '/copier/journal/days/2026-01-0%00', { note: 'x' });
    expect(path.statusCode).toBe(400);
  });

  it.each(['2026-02-30', '0000-01-01', '2026-13-01', '2025-02-29'])(
    'when the journal day or a date filter is %s, then 400',
    async (date) => {
      const day = await send('PUT', `/copier/journal/days/${date}`, { note: 'x' });
      expect(day.statusCode).toBe(400);
      expect(day.json()).toEqual({ detail: 'date must be a date (YYYY-MM-DD)' });
      const filter = await send('GET', `/copier/journal/days?start_date=${date}`);
      expect(filter.statusCode).toBe(400);
      expect(filter.json()).toEqual({ detail: 'start_date must be a date (YYYY-MM-DD)' });
      const history = await send('GET', `/copier/trade-history/${user.id}?end_date=${date}`);
      expect(history.statusCode).toBe(400);
      expect(history.json()).toEqual({ detail: 'end_date must be a date (YYYY-MM-DD)' });
    },
  );

  it.each([2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER])(
    'when a paper order names account %d (beyond any id), then 400, not a database error',
    async (accountId) => {
      const response = await send('POST', '/sim/orders', {
        account_id: accountId,
        contract: 'ES',
        side: 'buy',
        qty: 1,
        order_type: 'Market',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'account_id must be an account id' });
    },
  );

  it('when a real leap day is the journal day, then it is saved', async () => {
    expect((await send('PUT', '/copier/journal/days/2028-02-29', { note: 'leap' })).statusCode).toBe(200);
  });

  it.each(['+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z', '1969-12-31T23:59:59Z'])(
    'when an imported trade is timed %s, then 400 naming the row and field',
    async (time) => {
      const response = await send('POST', '/copier/trade-history/import', {
        trades: [{ ...trade, external_id: `t-${time}`, exit_time: time }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Row 1: exit_time must be between the years 1970 and 9999' });
    },
  );

  it.each([100, 100_000])('when a body is nested %i levels deep, then 400 with a detail', async (levels) => {
    const payload = `{"bio":${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}}`;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { detail: unknown }).detail).toBe('string');
  });
});

describe("the router's own refusals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['/api/v1/brokers/connections/%E0%A4%A', 'The address is not valid'],
    [`/api/v1/brokers/connections/${'x'.repeat(200)}`, 'A part of the address is too long'],
  ])('when the address is %s, then 4xx with a detail', async (url, detail) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ detail });
  });
});
