import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { post, RawHub } from './support/raw-client';

const ES = `CON.F.US.EP.Z${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}`;

describe('fake ProjectX Gateway: the published protocol', () => {
  let fake: FakeProjectX;

  beforeEach(async () => {
    fake = await startFakeProjectX({ pingMs: 50 });
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addUser({ userName: 'nosub', apiKey: 'key-n', keyState: 'no-subscription' });
    fake.addUser({ userName: 'off', apiKey: 'key-o', keyState: 'disabled' });
    fake.addAccount({ id: 465, userName: 'alice', maxContracts: 5 });
    fake.setPrice(ES, 6000);
  });
  afterEach(() => fake.close());

  async function login(): Promise<string> {
    const { body } = await post(fake.restUrl, 'Auth/loginKey', { userName: 'alice', apiKey: 'key-a' });
    return body.token as string;
  }

  it('answers refusals as HTTP 200 with success=false and the login error codes', async () => {
    const wrong = await post(fake.restUrl, 'Auth/loginKey', { userName: 'alice', apiKey: 'nope' });
    expect(wrong).toEqual({
      status: 200,
      body: { success: false, errorCode: 3, errorMessage: 'Invalid credentials' },
    });
    expect(
      (await post(fake.restUrl, 'Auth/loginKey', { userName: 'nosub', apiKey: 'key-n' })).body.errorCode,
    ).toBe(9);
    expect(
      (await post(fake.restUrl, 'Auth/loginKey', { userName: 'off', apiKey: 'key-o' })).body.errorCode,
    ).toBe(10);
    const token = await login();
    expect(token.split('.')).toHaveLength(3);
    const renewed = await post(fake.restUrl, 'Auth/validate', {}, token);
    expect(renewed.body).toMatchObject({ success: true, errorCode: 0 });
    expect(typeof renewed.body.newToken).toBe('string');
    expect((await post(fake.restUrl, 'Account/search', { onlyActiveAccounts: true })).status).toBe(401);
  });

  it('a second login ends the first session', async () => {
    const first = await login();
    const second = await login();
    expect((await post(fake.restUrl, 'Account/search', { onlyActiveAccounts: true }, first)).status).toBe(
      401,
    );
    const accounts = await post(fake.restUrl, 'Account/search', { onlyActiveAccounts: true }, second);
    expect(accounts.body.accounts).toEqual([
      { id: 465, name: 'PX-465', balance: 50000, canTrade: true, isVisible: true, simulated: true },
    ]);
  });

  it('keeps every customTag of an account forever, leaves it out of searchOpen and shows it in the history', async () => {
    const token = await login();
    const place = (tag: string, size: number) =>
      post(
        fake.restUrl,
        'Order/place',
        { accountId: 465, contractId: ES, type: 1, side: 0, size, limitPrice: 5990, customTag: tag },
        token,
      );
    const placed = await place('t-1', 1);
    expect(placed.body).toMatchObject({ success: true, errorCode: 0 });
    expect((await place('t-1', 1)).body).toMatchObject({ success: false, errorCode: 2 });
    // Over the account's max contracts: rejected, and the tag is spent all the same.
    expect((await place('t-2', 9)).body).toMatchObject({ success: false, errorCode: 4 });
    expect((await place('t-2', 1)).body).toMatchObject({ success: false, errorCode: 2 });
    const open = await post(fake.restUrl, 'Order/searchOpen', { accountId: 465 }, token);
    expect(open.body.orders).toEqual([expect.not.objectContaining({ customTag: expect.anything() })]);
    const history = await post(
      fake.restUrl,
      'Order/search',
      { accountId: 465, startTimestamp: '2000-01-01T00:00:00Z' },
      token,
    );
    expect(
      (history.body.orders as Array<{ customTag: string; status: number }>).map((o) => [
        o.customTag,
        o.status,
      ]),
    ).toEqual([
      ['t-1', 1],
      ['t-2', 5],
    ]);
  });

  it('refuses orders outside trading hours and after a loss lock sets canTrade=false', async () => {
    const token = await login();
    fake.venue.marketOpen = false;
    const closed = await post(
      fake.restUrl,
      'Order/place',
      { accountId: 465, contractId: ES, type: 2, side: 0, size: 1 },
      token,
    );
    expect(closed.body).toMatchObject({ success: false, errorCode: 5 });
    fake.venue.marketOpen = true;
    fake.venue.accounts.get(465)!.dailyLossLimit = 100;
    await post(
      fake.restUrl,
      'Order/place',
      { accountId: 465, contractId: ES, type: 2, side: 0, size: 1 },
      token,
    );
    await until(() => fake.venue.netOf(465, ES) === 1);
    fake.setPrice(ES, 5990);
    await post(fake.restUrl, 'Position/closeContract', { accountId: 465, contractId: ES }, token);
    expect(fake.venue.accounts.get(465)!.canTrade).toBe(false);
    const locked = await post(
      fake.restUrl,
      'Order/place',
      { accountId: 465, contractId: ES, type: 2, side: 0, size: 1 },
      token,
    );
    expect(locked.body).toMatchObject({ success: false, errorCode: 10 });
    const trades = await post(
      fake.restUrl,
      'Trade/search',
      { accountId: 465, startTimestamp: '2000-01-01T00:00:00Z' },
      token,
    );
    // Half turns: the opening trade has no P&L, the closing one has it.
    expect(
      (trades.body.trades as Array<{ profitAndLoss: number | null }>).map((t) => t.profitAndLoss),
    ).toEqual([null, -500]);
  });

  it('answers 429 past the per-token window', async () => {
    await fake.close();
    fake = await startFakeProjectX({ rateLimit: 3, rateWindowMs: 60_000 });
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addAccount({ id: 465, userName: 'alice' });
    const token = await login();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await post(fake.restUrl, 'Account/search', {}, token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('speaks SignalR JSON: handshake, completions, pings and subscribed pushes in each envelope', async () => {
    const token = await login();
    const hub = await RawHub.open(fake.hubUrl, token);
    hub.send({ protocol: 'json', version: 1 });
    await hub.waitFor((m) => Object.keys(m).length === 0);
    hub.send({ type: 1, invocationId: '1', target: 'SubscribeOrders', arguments: [465] });
    hub.send({ type: 1, invocationId: '2', target: 'SubscribeOrders', arguments: [999] });
    expect(await hub.waitFor((m) => m.invocationId === '1')).toEqual({
      type: 3,
      invocationId: '1',
      result: null,
    });
    expect(await hub.waitFor((m) => m.invocationId === '2')).toMatchObject({
      type: 3,
      error: 'Account 999 not found',
    });
    await hub.waitFor((m) => m.type === 6);
    fake.setFaults({ envelope: 'list' });
    await post(
      fake.restUrl,
      'Order/place',
      { accountId: 465, contractId: ES, type: 1, side: 0, size: 1, limitPrice: 5000, customTag: 'x' },
      token,
    );
    const pushed = await hub.waitFor((m) => m.target === 'GatewayUserOrder');
    expect(pushed.arguments).toEqual([
      [{ action: 0, data: expect.objectContaining({ customTag: 'x', status: 6, accountId: 465 }) }],
    ]);
    hub.close();
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
