import type { BrokerCredentials } from '../../src/brokers/types';
import { startWorld, type World } from './support/world';

let debug = (): string => '';
const waitUntil = async (check: () => boolean, timeoutMs: number, what: string): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} ${debug()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('Tradovate token renewal under per-IP limits', () => {
  let world: World | undefined;
  afterEach(() => world?.close());

  it('when renewaccesstoken answers with a penalty ticket, then the session waits p-time and resends with the ticket, and nobody is asked to reconnect', async () => {
    world = await startWorld({
      fake: {
        ipLimits: { 'auth/renewaccesstoken': { perWindow: 1, backoffSec: 0.4, countSuccess: true } },
      },
    });
    const w = world;
    const renewed: BrokerCredentials[] = [];
    debug = () => JSON.stringify([w.fake.control.requests('auth/'), w.fake.control.penaltyResends()]);
    const first = await w.open(w.leader.userId, { lifetimeSec: 3, onRenewed: (c) => renewed.push(c) });
    const second = await w.open(w.follower.userId, { lifetimeSec: 3, onRenewed: (c) => renewed.push(c) });
    await waitUntil(() => renewed.length >= 2, 5_000, 'both renewals');
    const resends = w.fake.control.penaltyResends().filter((r) => r.endpoint === 'auth/renewaccesstoken');
    expect(resends.length).toBeGreaterThanOrEqual(1);
    for (const resend of resends) {
      expect(resend.known).toBe(true);
      expect(resend.waitedMs).toBeGreaterThanOrEqual(resend.requiredMs - 5);
    }
    expect(first.events.of('reauth_required')).toEqual([]);
    expect(second.events.of('reauth_required')).toEqual([]);
    const order = await second.session.placeOrder({
      accountExternalId: String(w.follower.accountIds[0]),
      clientOrderId: 'after-penalty',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    expect(order.clientOrderId).toBe('after-penalty');
  });

  it('when several users renew at once, then this server spreads renewaccesstoken within its per-IP allowance and earns no penalty', async () => {
    const limit = { perWindow: 1, backoffSec: 30, countSuccess: true };
    world = await startWorld({
      fake: { ipLimits: { 'auth/renewaccesstoken': limit }, ipWindowMs: 1_200 },
      adapter: { ipLimits: { 'auth/renewaccesstoken': limit }, ipWindowMs: 1_200 },
    });
    const w = world;
    const renewed: number[] = [];
    debug = () => JSON.stringify([w.fake.control.requests('auth/'), w.fake.control.penaltyResends()]);
    const sessions = [
      await w.open(w.leader.userId, { lifetimeSec: 6, onRenewed: () => renewed.push(Date.now()) }),
      await w.open(w.follower.userId, { lifetimeSec: 6, onRenewed: () => renewed.push(Date.now()) }),
    ];
    await waitUntil(() => renewed.length >= 2, 8_000, 'both renewals');
    const calls = w.fake.control.requests('auth/renewaccesstoken').map((r) => r.at);
    expect(calls).toHaveLength(2);
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBeGreaterThanOrEqual(1_200);
    expect(w.fake.control.penaltyResends()).toEqual([]);
    for (const { events } of sessions) expect(events.of('reauth_required')).toEqual([]);
  });

  it('when the connection holds an OAuth refresh token, then renewal uses the refresh_token grant and not renewaccesstoken', async () => {
    world = await startWorld();
    const w = world;
    const renewed: BrokerCredentials[] = [];
    const refreshToken = w.fake.control.issueRefreshToken(w.follower.userId);
    const { session, events } = await w.open(w.follower.userId, {
      lifetimeSec: 1.5,
      refreshToken,
      onRenewed: (c) => renewed.push(c),
    });
    await waitUntil(() => renewed.length >= 1, 3_000, 'renewal');
    const exchange = w.fake.control.requests('auth/oauthtoken').at(-1);
    expect(exchange?.body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'synctrade-test',
    });
    expect(w.fake.control.requests('auth/renewaccesstoken')).toEqual([]);
    expect(session.currentCredentials()).toMatchObject({ refreshToken });
    expect(events.of('reauth_required')).toEqual([]);
  });

  it('when the refresh token is refused, then the user is asked to reconnect', async () => {
    world = await startWorld();
    const w = world;
    const { events } = await w.open(w.follower.userId, { lifetimeSec: 1.5, refreshToken: 'rt-unknown' });
    const event = await events.waitFor(() => events.of('reauth_required')[0], 3_000, 'reauth_required');
    expect(event.reason).toMatch(/refresh token is unknown.*reconnect Tradovate/);
  });

  it('when many sessions open at once, then this server keeps its sync requests within the per-IP allowance', async () => {
    const limit = { perWindow: 1, backoffSec: 30, countSuccess: true };
    world = await startWorld({
      fake: { ipLimits: { 'user/syncrequest': limit }, ipWindowMs: 300 },
      adapter: { ipLimits: { 'user/syncrequest': limit }, ipWindowMs: 300 },
    });
    const w = world;
    await Promise.all([w.open(w.leader.userId), w.open(w.follower.userId), w.open(w.follower.userId)]);
    const calls = w.fake.control
      .requests('user/syncrequest')
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(calls).toHaveLength(3);
    for (let i = 1; i < calls.length; i += 1)
      expect((calls[i] ?? 0) - (calls[i - 1] ?? 0)).toBeGreaterThanOrEqual(300 - 5);
    expect(w.fake.control.penaltyResends()).toEqual([]);
  });
});
