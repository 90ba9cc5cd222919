import { startWorld, type World } from './support/world';

const market = (w: World, clientOrderId: string) => ({
  accountExternalId: String(w.follower.accountIds[0]),
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy' as const,
  qty: 1,
  type: 'Market' as const,
});

describe('Tradovate faults', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  it('when Tradovate answers HTTP 429, then the order fails as rate_limited with retryAt, and the next request waits for it', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ http429: { remaining: 1, match: 'placeorder' } });
    const before = Date.now();
    const error = await session.placeOrder(market(world, 'r1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited' });
    const retryAt = (error as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThanOrEqual(before + 150);
    await session.placeOrder(market(world, 'r1'));
    const sends = world.fake.control.requests('order/placeorder');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.at).toBeGreaterThanOrEqual(retryAt - 5);
    expect(world.fake.control.orders().filter((o) => o.clOrdId === 'r1')).toHaveLength(1);
  });

  it('when a 429 carries Retry-After, then every session of that Tradovate user holds back until then without calling Tradovate', async () => {
    const first = await world.open(world.follower.userId);
    const second = await world.open(world.follower.userId);
    world.fake.control.setFaults({ http429: { remaining: 1, match: 'placeorder', retryAfterSec: 5 } });
    await expect(first.session.placeOrder(market(world, 'ra1'))).rejects.toMatchObject({
      code: 'rate_limited',
    });
    const error = await second.session.placeOrder(market(world, 'ra2')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryAt: expect.any(Number) });
    expect((error as { retryAt: number }).retryAt).toBeGreaterThan(Date.now() + 3_500);
    expect(world.fake.control.requests('order/placeorder')).toHaveLength(1);
    // Another Tradovate user has its own budget.
    const leader = await world.open(world.leader.userId);
    await leader.session.placeOrder({
      ...market(world, 'ra3'),
      accountExternalId: String(world.leader.accountId),
    });
  });

  it('when Tradovate issues a penalty ticket, then the adapter waits p-time and resends the same body with the ticket, placing the order once', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({
      penalty: { remaining: 1, match: 'placeorder', pTime: 0.4, captcha: false },
    });
    const order = await session.placeOrder(market(world, 'pt1'));
    expect(order.clientOrderId).toBe('pt1');
    const sends = world.fake.control.requests('order/placeorder');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.body).toEqual({
      ...(sends[0]?.body as object),
      'p-ticket': expect.stringMatching(/^pt-/),
    });
    expect(world.fake.control.penaltyResends()).toEqual([
      expect.objectContaining({
        known: true,
        sameBody: true,
        captcha: false,
        requiredMs: 400,
        waitedMs: expect.any(Number),
      }),
    ]);
    expect(world.fake.control.penaltyResends()[0]?.waitedMs).toBeGreaterThanOrEqual(400);
    expect(world.fake.control.orders().filter((o) => o.clOrdId === 'pt1')).toHaveLength(1);
  });

  it('when the penalty ticket demands a captcha, then nothing is resent and requests stop for about an hour', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({
      penalty: { remaining: 1, match: 'placeorder', pTime: 0.1, captcha: true },
    });
    const error = await session.placeOrder(market(world, 'cap')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/captcha/) });
    expect((error as { retryAt: number }).retryAt).toBeGreaterThan(Date.now() + 59 * 60_000);
    await expect(session.cancelOrder(String(world.follower.accountIds[0]), '1')).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(world.fake.control.requests('order/')).toHaveLength(1);
    expect(world.fake.control.penaltyResends()).toEqual([]);
    expect(world.fake.control.orders()).toHaveLength(0);
  });

  it('when the connection drops after Tradovate accepted the order, then placing is uncertain and the lookup by client id finds the order', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ dropAfterAccept: { remaining: 1, match: 'placeorder' } });
    await expect(session.placeOrder(market(world, 'drop1'))).rejects.toMatchObject({ code: 'uncertain' });
    const found = await session.findOrderByClientId(String(world.follower.accountIds[0]), 'drop1');
    const atFake = world.fake.control.orders().filter((o) => o.clOrdId === 'drop1');
    expect(atFake).toHaveLength(1);
    expect(found).toMatchObject({
      orderId: String(atFake[0]?.id),
      clientOrderId: 'drop1',
      symbol: 'ESZ6',
      qty: 1,
    });
    expect(await session.findOrderByClientId(String(world.follower.accountIds[0]), 'never-sent')).toBeNull();
  });

  it('when Tradovate answers an accepted order with a body that is not JSON, then placing is uncertain with a clear message and nothing is lost', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ garbage: { remaining: 1, match: 'placeorder' } });
    await expect(session.placeOrder(market(world, 'garbled'))).rejects.toMatchObject({
      code: 'uncertain',
      message: expect.stringMatching(/malformed reply to order\/placeorder: .*502 Bad Gateway/),
    });
    expect(await session.findOrderByClientId(String(world.follower.accountIds[0]), 'garbled')).toMatchObject({
      clientOrderId: 'garbled',
    });
    expect(world.fake.control.orders().filter((o) => o.clOrdId === 'garbled')).toHaveLength(1);
  });

  it('when the answer is slower than the request timeout, then placing is uncertain and the lookup finds the order', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ slow: { remaining: 1, match: 'placeorder', ms: 2_300 } });
    await expect(session.placeOrder(market(world, 'slow1'))).rejects.toMatchObject({ code: 'uncertain' });
    expect(await session.findOrderByClientId(String(world.follower.accountIds[0]), 'slow1')).toMatchObject({
      clientOrderId: 'slow1',
    });
  });

  it('when the placeorder reaches Tradovate only after the adapter gave up on it, then the look-up waits for it to land and finds it, and the order is placed once', async () => {
    const { session } = await world.open(world.follower.userId);
    // Two seconds is the world's request timeout: the request lands after the adapter gave up, before it
    // would be given up a second time.
    world.fake.control.setFaults({ lateArrival: { remaining: 1, match: 'placeorder', ms: 2_600 } });
    await expect(session.placeOrder(market(world, 'late1'))).rejects.toMatchObject({ code: 'uncertain' });
    expect(world.fake.control.orders().filter((o) => o.clOrdId === 'late1')).toHaveLength(0);
    const found = await session.findOrderByClientId(String(world.follower.accountIds[0]), 'late1');
    expect(found).toMatchObject({ clientOrderId: 'late1' });
    expect(world.fake.control.orders().filter((o) => o.clOrdId === 'late1')).toHaveLength(1);
  });

  it('when the answer is slow but within the timeout, then the order succeeds normally', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ slow: { remaining: 1, match: 'placeorder', ms: 300 } });
    await expect(session.placeOrder(market(world, 'slow2'))).resolves.toMatchObject({
      clientOrderId: 'slow2',
    });
  });
});

describe('Tradovate request budget', () => {
  it('when sessions of one Tradovate user exceed the per-minute budget, then the next request fails fast as rate_limited while other users are unaffected', async () => {
    const world = await startWorld({
      env: { TRADOVATE_REQUESTS_PER_MINUTE: '6' },
      timings: { budgetWaitMs: 0 },
    });
    try {
      expect(world.adapter.requestsPerMinute).toBe(6);
      const a = await world.open(world.follower.userId);
      const b = await world.open(world.follower.userId);
      // Both sessions draw on one budget: count everything the fake received for this user.
      let placed = 0;
      let error: unknown;
      for (let i = 0; i < 10 && !error; i += 1) {
        const session = i % 2 === 0 ? a.session : b.session;
        await session.placeOrder(market(world, `b${i}`)).then(
          () => (placed += 1),
          (e: unknown) => (error = e),
        );
      }
      expect(error).toMatchObject({ code: 'rate_limited' });
      expect((error as { retryAt: number }).retryAt).toBeGreaterThan(Date.now() + 5_000);
      expect(placed).toBeGreaterThanOrEqual(2);
      await expect(b.session.placeOrder(market(world, 'b-late'))).rejects.toMatchObject({
        code: 'rate_limited',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Sync requests, contract lookups of the feed and orders together never exceed the user's budget.
      expect(
        world.fake.control.requests().filter((r) => r.userId === world.follower.userId).length,
      ).toBeLessThanOrEqual(6);
      expect(world.fake.control.requests('order/placeorder')).toHaveLength(placed);
      const leader = await world.open(world.leader.userId);
      await leader.session.placeOrder({
        ...market(world, 'b7'),
        accountExternalId: String(world.leader.accountId),
      });
    } finally {
      await world.close();
    }
  });
});
