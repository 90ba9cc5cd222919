import type { BrokerEvent } from '../../src/brokers/types';
import { until } from './support/engine-world';
import { startWorld, type World } from './support/world';

const market = (w: World, clientOrderId: string) => ({
  accountExternalId: String(w.follower.accountIds[0]),
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy' as const,
  qty: 1,
  type: 'Market' as const,
});

const over = { TRADOVATE_ORDERS_OVER_SOCKET: 'true' };

describe('Tradovate commands over the user-data socket', () => {
  let world: World;
  afterEach(() => world.close());

  it('when the socket is up, then place, modify and cancel go over it and reach the fake once each, nothing over HTTP', async () => {
    world = await startWorld({ env: over });
    const { session } = await world.open(world.follower.userId);
    const account = String(world.follower.accountIds[0]);
    const placed = await session.placeOrder({ ...market(world, 'ws1'), type: 'Limit', price: 5900 });
    await session.modifyOrder({
      accountExternalId: account,
      orderId: placed.orderId,
      qty: 2,
      type: 'Limit',
      price: 5890,
    });
    await session.cancelOrder(account, placed.orderId);
    const commands = world.fake.control.requests('order/').map((r) => `${r.endpoint} ${r.via}`);
    expect(commands).toEqual(['order/placeorder ws', 'order/modifyorder ws', 'order/cancelorder ws']);
    const atFake = world.fake.control.orders().filter((o) => o.clOrdId === 'ws1');
    expect(atFake).toHaveLength(1);
    expect(atFake[0]).toMatchObject({ id: Number(placed.orderId), ordStatus: 'Canceled' });
  });

  it('when the socket dies after Tradovate accepted the order, then placing is uncertain and the look-up finds the one order', async () => {
    world = await startWorld({ env: over });
    const { session, events } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ dropAfterAccept: { remaining: 1, match: 'placeorder' } });
    await expect(session.placeOrder(market(world, 'wsdrop'))).rejects.toMatchObject({ code: 'uncertain' });
    const found = await session.findOrderByClientId(String(world.follower.accountIds[0]), 'wsdrop');
    const atFake = world.fake.control.orders().filter((o) => o.clOrdId === 'wsdrop');
    expect(atFake).toHaveLength(1);
    expect(found).toMatchObject({ orderId: String(atFake[0]?.id), clientOrderId: 'wsdrop', symbol: 'ESZ6' });
    // The feed comes back; the order is not sent again by anything.
    await events.waitFor(() => events.of('connection').find((e) => e.up), 5_000, 'feed back up');
    expect(world.fake.control.requests('order/placeorder')).toHaveLength(1);
  });

  it('when the socket closes while a placeorder is still on its way to Tradovate, then the look-up waits as long as for one given up at its timeout, finds it, and the order is placed once', async () => {
    world = await startWorld({ env: over });
    const { session } = await world.open(world.follower.userId);
    // The request lands 2.6 s after Tradovate received it; the socket closes at once, long before the
    // request timeout (2 s) would have given it up. Giving up early must not shorten how long it may land.
    world.fake.control.setFaults({ lateArrival: { remaining: 1, match: 'placeorder', ms: 2_600 } });
    const placing = session.placeOrder(market(world, 'wslate')).catch((e: unknown) => e);
    await until(() => world.fake.control.arriving() > 0, 5_000, 'the placeorder to reach Tradovate');
    world.fake.control.closeSockets();
    expect(await placing).toMatchObject({ code: 'uncertain' });
    const found = await session.findOrderByClientId(String(world.follower.accountIds[0]), 'wslate');
    expect(found).toMatchObject({ clientOrderId: 'wslate' });
    const sends = world.fake.control.requests('order/placeorder');
    expect(sends.map((r) => r.via)).toEqual(['ws']);
  });

  it('when the socket answer is not a frame the adapter can read, then placing is uncertain, not resent', async () => {
    world = await startWorld({ env: over, timings: { requestTimeoutMs: 400 } });
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ garbage: { remaining: 1, match: 'placeorder' } });
    await expect(session.placeOrder(market(world, 'wsgarbled'))).rejects.toMatchObject({
      code: 'uncertain',
      message: expect.stringMatching(/order\/placeorder.*may have been executed/),
    });
    expect(
      await session.findOrderByClientId(String(world.follower.accountIds[0]), 'wsgarbled'),
    ).toMatchObject({
      clientOrderId: 'wsgarbled',
    });
    expect(world.fake.control.requests('order/placeorder')).toHaveLength(1);
  });

  it('when the socket answers 429, then the user is locked out and nothing is sent until the lockout ends', async () => {
    world = await startWorld({ env: over, timings: { rateLimitLockoutMs: 300 } });
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ socket429: { remaining: 1, match: 'placeorder' } });
    const before = Date.now();
    const error = await session.placeOrder(market(world, 'ws429')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited' });
    expect((error as { retryAt: number }).retryAt).toBeGreaterThanOrEqual(before + 300);
    await session.placeOrder(market(world, 'ws429b'));
    const sends = world.fake.control.requests('order/placeorder');
    expect(sends.map((r) => r.via)).toEqual(['ws', 'ws']);
    expect((sends[1]?.at ?? 0) - before).toBeGreaterThanOrEqual(300);
  });

  it('when Tradovate issues a penalty ticket on the socket, then the same body goes again with the ticket after p-time, placing once', async () => {
    world = await startWorld({ env: over });
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({
      penalty: { remaining: 1, match: 'placeorder', pTime: 0.1, captcha: false },
    });
    await session.placeOrder(market(world, 'wspenalty'));
    expect(world.fake.control.penaltyResends()).toHaveLength(1);
    expect(world.fake.control.orders().filter((o) => o.clOrdId === 'wspenalty')).toHaveLength(1);
    expect(world.fake.control.requests('order/placeorder').map((r) => r.via)).toEqual(['ws', 'ws']);
  });

  it('when the socket is down, then commands go over HTTP', async () => {
    world = await startWorld({ env: over, timings: { reconnectBaseMs: 60_000, reconnectMaxMs: 60_000 } });
    const { session, events } = await world.open(world.follower.userId);
    world.fake.control.dropSockets();
    await events.waitFor(
      () => events.all.find((e: BrokerEvent) => e.kind === 'connection' && !e.up),
      5_000,
      'feed down',
    );
    await session.placeOrder(market(world, 'wsdown'));
    expect(world.fake.control.requests('order/placeorder').map((r) => r.via)).toEqual(['http']);
  });
});
