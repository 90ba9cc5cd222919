import { BrokerError } from '../../src/brokers/types';
import { startWorld, type World } from './support/world';

describe('Tradovate orders', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  const followerAccount = (w: World): string => String(w.follower.accountIds[0]);

  it('when a market order is placed, then placeorder carries isAutomated, the client order id and the account, and it fills', async () => {
    const { session, events } = await world.open(world.follower.userId);
    const order = await session.placeOrder({
      accountExternalId: followerAccount(world),
      clientOrderId: 'cp-1',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 3,
      type: 'Market',
    });
    expect(order).toMatchObject({
      clientOrderId: 'cp-1',
      accountExternalId: followerAccount(world),
      symbol: 'ESZ6',
      side: 'buy',
      qty: 3,
    });
    expect(world.fake.control.requests('order/placeorder')[0]?.body).toEqual({
      accountSpec: 'FOLLOW-1',
      accountId: world.follower.accountIds[0],
      action: 'Buy',
      symbol: 'ESZ6',
      orderQty: 3,
      orderType: 'Market',
      timeInForce: 'Day',
      clOrdId: 'cp-1',
      isAutomated: true,
    });
    const fill = await events.waitFor(() => events.of('fill')[0], 3_000, 'fill');
    expect(fill).toMatchObject({ orderId: order.orderId, clientOrderId: 'cp-1', qty: 3, side: 'buy' });
  });

  it('when limit and stop orders are placed, then the limit has a price, the stop a stopPrice, and both work until triggered', async () => {
    const { session, events } = await world.open(world.follower.userId);
    const account = followerAccount(world);
    const limit = await session.placeOrder({
      accountExternalId: account,
      clientOrderId: 'lim',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Limit',
      price: 5990,
    });
    const stop = await session.placeOrder({
      accountExternalId: account,
      clientOrderId: 'stp',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Stop',
      stopPrice: 6010,
    });
    const bodies = world.fake.control.requests('order/placeorder').map((r) => r.body);
    expect(bodies[0]).toMatchObject({ orderType: 'Limit', price: 5990, isAutomated: true });
    expect(bodies[1]).toMatchObject({ orderType: 'Stop', stopPrice: 6010, isAutomated: true });
    expect(bodies[1]).not.toHaveProperty('price');
    await events.waitFor(
      () => events.of('order').filter((e) => e.order.status === 'Working').length >= 2,
      3_000,
      'working',
    );
    expect((await session.workingOrders()).map((o) => o.clientOrderId).sort()).toEqual(['lim', 'stp']);
    world.fake.control.setPrice('ESZ6', 6010);
    await events.waitFor(
      () => events.of('order').find((e) => e.order.orderId === stop.orderId && e.order.status === 'Filled'),
      3_000,
      'stop filled',
    );
    expect((await session.workingOrders()).map((o) => o.orderId)).toEqual([limit.orderId]);
  });

  it('when an order is modified and then canceled, then modifyorder and cancelorder reach the venue and the feed reports both', async () => {
    const { session, events } = await world.open(world.follower.userId);
    const account = followerAccount(world);
    const order = await session.placeOrder({
      accountExternalId: account,
      clientOrderId: 'mod',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 1,
      type: 'Limit',
      price: 6020,
    });
    await session.modifyOrder({
      accountExternalId: account,
      orderId: order.orderId,
      qty: 2,
      type: 'Limit',
      price: 6015,
    });
    expect(world.fake.control.requests('order/modifyorder')[0]?.body).toEqual({
      orderId: Number(order.orderId),
      orderQty: 2,
      orderType: 'Limit',
      price: 6015,
      isAutomated: true,
    });
    await events.waitFor(
      () => events.of('order').find((e) => e.order.qty === 2 && e.order.price === 6015),
      3_000,
      'modified',
    );
    await session.cancelOrder(account, order.orderId);
    expect(world.fake.control.requests('order/cancelorder')[0]?.body).toEqual({
      orderId: Number(order.orderId),
      isAutomated: true,
    });
    await events.waitFor(
      () => events.of('order').find((e) => e.order.status === 'Canceled'),
      3_000,
      'canceled',
    );
    expect(await session.workingOrders()).toEqual([]);
  });

  it('when an order carries a bracket, then placeOSO sends both children, which stay suspended until the entry fills', async () => {
    const { session, events } = await world.open(world.follower.userId);
    const account = followerAccount(world);
    const entry = await session.placeOrder({
      accountExternalId: account,
      clientOrderId: 'oso',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Limit',
      price: 5995,
      bracket: { stopLoss: 5985, takeProfit: 6005 },
    });
    expect(world.fake.control.requests('order/placeoso')[0]?.body).toMatchObject({
      clOrdId: 'oso',
      isAutomated: true,
      bracket1: { action: 'Sell', orderType: 'Stop', stopPrice: 5985 },
      bracket2: { action: 'Sell', orderType: 'Limit', price: 6005 },
    });
    await events.waitFor(
      () => events.of('order').filter((e) => e.order.parentOrderId === entry.orderId).length >= 2,
      3_000,
      'children',
    );
    world.fake.control.setPrice('ESZ6', 5995);
    await events.waitFor(
      () => events.of('fill').find((f) => f.orderId === entry.orderId),
      3_000,
      'entry fill',
    );
    world.fake.control.setPrice('ESZ6', 6005);
    await events.waitFor(
      () => events.of('position').find((p) => p.position.netPos === 0),
      3_000,
      'flat after take profit',
    );
    await events.waitFor(
      async () => (await session.workingOrders()).length === 0,
      3_000,
      'stop canceled by OCO',
    );
  });

  it('when an account is flattened, then its position is liquidated and its working orders are canceled', async () => {
    const { session, events } = await world.open(world.follower.userId);
    const account = followerAccount(world);
    await session.placeOrder({
      accountExternalId: account,
      clientOrderId: 'f1',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      type: 'Market',
    });
    await session.placeOrder({
      accountExternalId: account,
      clientOrderId: 'f2',
      symbol: 'MNQZ6',
      side: 'sell',
      qty: 1,
      type: 'Limit',
      price: 21100,
    });
    await events.waitFor(() => events.of('position').find((p) => p.position.netPos === 2), 3_000, 'long');
    await events.waitFor(
      () => events.of('order').find((e) => e.order.clientOrderId === 'f2' && e.order.status === 'Working'),
      3_000,
      'working',
    );
    await session.flatten(account);
    expect(world.fake.control.requests('order/liquidateposition')[0]?.body).toMatchObject({
      accountId: Number(account),
      admin: false,
      isAutomated: true,
    });
    await events.waitFor(() => events.of('position').find((p) => p.position.netPos === 0), 3_000, 'flat');
    await events.waitFor(
      () => events.of('order').find((e) => e.order.clientOrderId === 'f2' && e.order.status === 'Canceled'),
      3_000,
      'canceled',
    );
    expect(await session.positions()).toEqual([]);
  });

  it.each([
    [
      'failureReason and failureText',
      { failureReason: 'MaxPosLimitReached', failureText: 'Max position 5' },
      /maximum position limit is reached \(MaxPosLimitReached\); Max position 5/,
    ],
    ['errorText', { errorText: 'Symbol is not tradable now' }, /Symbol is not tradable now/],
    ['violations', { violations: [{ text: 'Daily loss limit exceeded' }] }, /Daily loss limit exceeded/],
  ])(
    'when Tradovate answers HTTP 200 with %s, then the order is rejected with that text',
    async (_label, body, text) => {
      const { session } = await world.open(world.follower.userId);
      world.fake.control.setFaults({ reject: { remaining: 1, body } });
      const attempt = session.placeOrder({
        accountExternalId: followerAccount(world),
        clientOrderId: 'rej',
        symbol: 'ESZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      });
      await expect(attempt).rejects.toMatchObject({ code: 'rejected', message: expect.stringMatching(text) });
      expect(world.fake.control.orders()).toHaveLength(0);
    },
  );

  it('when an order names an unknown contract or a foreign account, then it is rejected before or by the broker with a clear reason', async () => {
    const { session } = await world.open(world.follower.userId);
    const unknown = session.placeOrder({
      accountExternalId: followerAccount(world),
      clientOrderId: 'x1',
      symbol: 'ZZZ9',
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    await expect(unknown).rejects.toThrow(/Unknown contract symbol ZZZ9/);
    const foreign = session.placeOrder({
      accountExternalId: String(world.leader.accountId),
      clientOrderId: 'x2',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    await expect(foreign).rejects.toBeInstanceOf(BrokerError);
    await expect(foreign).rejects.toThrow(/not an account of this Tradovate user/);
  });
});
