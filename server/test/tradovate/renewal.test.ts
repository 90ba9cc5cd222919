import type { BrokerCredentials } from '../../src/brokers/types';
import { startWorld, type World } from './support/world';

describe('Tradovate token renewal', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  it('when the token is about to expire, then it is renewed with renewaccesstoken, stored again, and orders keep working after the old one expired', async () => {
    const renewed: BrokerCredentials[] = [];
    world.fake.control.setTokenLifetime(1.5);
    const { session, events } = await world.open(world.follower.userId, {
      lifetimeSec: 1.5,
      onRenewed: (c) => renewed.push(c),
    });
    const first = session.currentCredentials();
    // Renewed, and the first token is past its expiry (what the order below must survive).
    await events.waitFor(
      () => renewed.length >= 1 && Date.now() > (first.expiresAt ?? 0),
      5_000,
      'a renewal and the first token to expire',
    );
    expect(renewed.length).toBeGreaterThanOrEqual(1);
    expect(world.fake.control.requests('auth/renewaccesstoken').length).toBeGreaterThanOrEqual(1);
    expect(session.currentCredentials().accessToken).not.toBe(first.accessToken);
    expect(session.currentCredentials().accessToken).toBe(renewed.at(-1)?.accessToken);
    expect(session.currentCredentials().expiresAt).toBeGreaterThan(Date.now());
    const order = await session.placeOrder({
      accountExternalId: String(world.follower.accountIds[0]),
      clientOrderId: 'after-renew',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    expect(order.clientOrderId).toBe('after-renew');
  });

  it('when renewal is refused, then the session emits reauth_required with the reason', async () => {
    world.fake.control.setFaults({ failRenewal: true });
    const { events } = await world.open(world.follower.userId, { lifetimeSec: 1.5 });
    const event = await events.waitFor(() => events.of('reauth_required')[0], 3_000, 'reauth_required');
    expect(event.reason).toMatch(/renewal failed .*cannot be renewed.*reconnect Tradovate/);
  });

  it('when a session is opened with an expired token that cannot be renewed, then opening fails as unauthorized', async () => {
    world.fake.control.setFaults({ failRenewal: true });
    const attempt = world.adapter.openSession({
      connectionId: 9,
      environment: 'demo',
      credentials: {
        accessToken: 'tv-expired',
        expiresAt: Date.now() - 1_000,
        brokerUserId: String(world.follower.userId),
      },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
