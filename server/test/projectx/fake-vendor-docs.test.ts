import { seedContracts } from '../../fakes/projectx/catalog';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { post } from './support/raw-client';

const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
const nextYy = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const ES = `CON.F.US.EP.Z${yy}`;

function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('fake ProjectX Gateway: what the vendor documents', () => {
  let fake: FakeProjectX;
  let token: string;

  beforeEach(async () => {
    fake = await startFakeProjectX({ pingMs: 50 });
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addAccount({ id: 465, userName: 'alice', maxContracts: 5 });
    fake.setPrice(ES, 6000);
    token = (await post(fake.restUrl, 'Auth/loginKey', { userName: 'alice', apiKey: 'key-a' })).body
      .token as string;
  });
  afterEach(() => fake.close());

  const place = (order: Record<string, unknown>) =>
    post(fake.restUrl, 'Order/place', { accountId: 465, contractId: ES, side: 1, size: 1, ...order }, token);
  const openOrders = async () =>
    (await post(fake.restUrl, 'Order/searchOpen', { accountId: 465 }, token)).body.orders as Array<
      Record<string, unknown>
    >;

  it('when a user logs in, then the token is a signed JWT whose exp is about 24 hours away', async () => {
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'))).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const claims = claimsOf(token);
    const hours = ((claims.exp as number) - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(claims.sub).toBe('alice');
  });

  it('when a token is tampered with, then the gateway answers 401', async () => {
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(token), sub: 'mallory' })).toString('base64url');
    const answer = await post(
      fake.restUrl,
      'Account/search',
      { onlyActiveAccounts: true },
      `${header}.${forged}.${signature}`,
    );
    expect(answer.status).toBe(401);
  });

  it('when a public client sends lower-case paths, then they reach the documented endpoints', async () => {
    const accounts = await post(fake.restUrl, 'account/search', { onlyActiveAccounts: true }, token);
    expect(accounts.body).toMatchObject({ success: true, accounts: [expect.objectContaining({ id: 465 })] });
    const login = await post(fake.restUrl, 'auth/loginkey', { userName: 'alice', apiKey: 'key-a' });
    expect(login.body).toMatchObject({ success: true });
    expect(
      (await post(fake.restUrl, 'account/nothing', { accountId: 465 }, login.body.token as string)).status,
    ).toBe(404);
  });

  it('when a client searches ES, then the E-mini S&P (listed as EP) is found, not only MES', async () => {
    const answer = await post(fake.restUrl, 'Contract/search', { searchText: 'ES', live: false }, token);
    const names = (answer.body.contracts as Array<{ name: string }>).map((c) => c.name);
    expect(names).toContain(`EPZ${yy}`);
    expect(names).toContain(`MESZ${yy}`);
    expect(names).not.toContain(`ENQZ${yy}`);
  });

  it('when a month is past its last trading day, then it is not active and the search leaves it out', async () => {
    const december = seedContracts([2026], Date.UTC(2026, 11, 3));
    const byName = new Map(december.map((c) => [c.name, c]));
    // March 2026 ended on its third Friday (20 March); December 2026 trades until 18 December.
    expect(byName.get('EPH26')?.activeContract).toBe(false);
    expect(byName.get('EPZ26')?.activeContract).toBe(true);
    const answer = await post(fake.restUrl, 'Contract/search', { searchText: 'EP', live: false }, token);
    const contracts = answer.body.contracts as Array<{ name: string; activeContract: boolean }>;
    expect(contracts.length).toBeGreaterThan(0);
    expect(contracts.every((c) => c.activeContract)).toBe(true);
    expect(contracts.map((c) => c.name)).toContain(`EPH${nextYy}`);
    expect(contracts[0]).not.toHaveProperty('root');
    expect(contracts[0]).not.toHaveProperty('expiresAt');
  });

  it('when a trailing stop is placed, then it rests a trail away and follows the market up, never down', async () => {
    const placed = await place({ type: 5, trailPrice: 10, customTag: 'trail-1' });
    expect(placed.body).toMatchObject({ success: true });
    await waitFor(async () => (await openOrders()).some((o) => o.status === 1));
    expect(await openOrders()).toEqual([expect.objectContaining({ type: 5, stopPrice: 5990 })]);
    expect((await openOrders())[0]).not.toHaveProperty('trailPrice');
    fake.setPrice(ES, 6020);
    expect((await openOrders())[0]).toMatchObject({ stopPrice: 6010 });
    fake.setPrice(ES, 6015);
    expect((await openOrders())[0]).toMatchObject({ stopPrice: 6010 });
    fake.setPrice(ES, 6009);
    expect(await openOrders()).toEqual([]);
  });

  it('when a trailing stop comes without trailPrice, then it is refused', async () => {
    expect((await place({ type: 5 })).body).toMatchObject({ success: false, errorCode: 2 });
  });

  it('when a trailing stop trail is modified, then the stop moves to the new distance', async () => {
    const { orderId } = (await place({ type: 5, trailPrice: 10 })).body as { orderId: number };
    await waitFor(async () => (await openOrders()).some((o) => o.status === 1));
    const modified = await post(
      fake.restUrl,
      'Order/modify',
      { accountId: 465, orderId, trailPrice: 4 },
      token,
    );
    expect(modified.body).toMatchObject({ success: true });
    expect((await openOrders())[0]).toMatchObject({ stopPrice: 5996 });
  });

  it('when join bid and join ask orders are placed, then they rest at the best bid and the best ask', async () => {
    expect((await place({ type: 6, side: 0 })).body).toMatchObject({ success: true });
    expect((await place({ type: 7, side: 1 })).body).toMatchObject({ success: true });
    await waitFor(async () => (await openOrders()).every((o) => o.status === 1));
    expect(await openOrders()).toEqual([
      expect.objectContaining({ type: 6, side: 0, limitPrice: 5999.75 }),
      expect.objectContaining({ type: 7, side: 1, limitPrice: 6000.25 }),
    ]);
  });

  it('when a stop-limit (type 3) is placed, then it is refused as the place reference does not list it', async () => {
    const answer = await place({ type: 3, stopPrice: 5990, limitPrice: 5989 });
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: 2,
      errorMessage: 'Order type 3 is not supported',
    });
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
