import { BrokerError, type PlaceOrderCommand } from '../../src/brokers/types';
import { ES, ES_ID, filledQty, pxWorld, type PxWorld, until } from './support/px-world';

const buy = (clientOrderId: string, qty = 1, account = '465'): PlaceOrderCommand => ({
  accountExternalId: account,
  clientOrderId,
  symbol: ES,
  side: 'buy',
  qty,
  type: 'Market',
});

describe('ProjectX adapter over real sockets against the fake gateway', () => {
  let world: PxWorld;
  beforeEach(async () => {
    world = await pxWorld();
  });
  afterEach(() => world.close());

  it('places a market order and reports one fill per contract whatever the envelopes, duplicates and partial fills', async () => {
    world.fake.setFaults({ envelope: 'mixed', duplicateEvents: true, partialFills: true });
    const order = await world.session.placeOrder(buy('st.a', 3));
    expect(order.clientOrderId).toBe('st.a');
    await until(() => filledQty(world.events, order.orderId) >= 3, 'three contracts filled');
    await until(
      () => world.events.some((e) => e.kind === 'position' && e.position.netPos === 3),
      'position of 3',
    );
    // Late and duplicated pushes must not add a contract.
    await world.session.flatten('465');
    await until(() => world.fake.venue.netOf(465, ES_ID) === 0, 'flat');
    expect(filledQty(world.events, order.orderId)).toBe(3);
    expect(world.events).toContainEqual({
      kind: 'position',
      position: { accountExternalId: '465', symbol: ES, netPos: 3, avgPrice: 6000 },
    });
    const fills = world.events.filter((e) => e.kind === 'fill');
    expect(new Set(fills.map((e) => (e.kind === 'fill' ? e.fillId : ''))).size).toBe(fills.length);
    // Each carries when its push was read from the hub's socket: the copier's latency starts there.
    expect(fills.every((e) => e.kind === 'fill' && typeof e.heardAt === 'number')).toBe(true);
  });

  it('resolves a lost answer through the order history, never by sending the order twice', async () => {
    world.fake.setFaults({
      loseAnswers: { remaining: 1, match: 'Order/place' },
      dropEvents: { remaining: 100, target: 'GatewayUserOrder' },
    });
    await expect(world.session.placeOrder(buy('st.lost', 2))).rejects.toMatchObject({ code: 'uncertain' });
    const found = await world.session.findOrderByClientId('465', 'st.lost');
    expect(found).toMatchObject({ clientOrderId: 'st.lost', qty: 2, side: 'buy', symbol: ES });
    // The engine's retry of the same intent answers the same order.
    const again = await world.session.placeOrder(buy('st.lost', 2));
    expect(again.orderId).toBe(found!.orderId);
    expect(world.fake.world.placed.filter((p) => p.customTag?.startsWith('st.lost'))).toHaveLength(1);
    expect(world.fake.venue.netOf(465, ES_ID)).toBe(2);
  });

  it('does not answer "never arrived" while a placement whose answer was lost may still land', async () => {
    // The gateway handles the place after the adapter gave up on it, and after a first history read.
    world.fake.setFaults({ handleLate: { remaining: 1, match: 'Order/place', delayMs: 400 } });
    await expect(world.session.placeOrder(buy('st.late', 2))).rejects.toMatchObject({ code: 'uncertain' });
    expect(world.fake.world.placed.filter((p) => p.customTag === 'st.late')).toHaveLength(0);
    const found = await world.session.findOrderByClientId('465', 'st.late');
    expect(found).toMatchObject({ clientOrderId: 'st.late', qty: 2 });
    expect(world.fake.world.placed.filter((p) => p.customTag?.startsWith('st.late'))).toHaveLength(1);
  });

  it('finds nothing for an order that never reached the gateway, then sends it under the same tag', async () => {
    world.fake.setFaults({ http429: { remaining: 1, match: 'Order/place' } });
    const sent = Date.now();
    const refused: unknown = await world.session.placeOrder(buy('st.429')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'rate_limited' });
    // The gateway's Retry-After (1 s) sets when the next request may go, not the 60 s used without one.
    const { retryAt } = refused as { retryAt: number };
    expect(retryAt).toBeGreaterThanOrEqual(sent + 1_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await world.session.findOrderByClientId('465', 'st.429')).toBeNull();
    const order = await world.session.placeOrder(buy('st.429'));
    expect(world.fake.venue.orders.get(Number(order.orderId))?.customTag).toBe('st.429');
  });

  it('after a proven rejection resends the same intent under a new tag derived from it', async () => {
    // The adapter never hears of the rejected order from the hub: the gateway's answers alone must prove it.
    world.fake.setFaults({ dropEvents: { remaining: 100, target: 'GatewayUserOrder' } });
    world.fake.venue.accounts.get(465)!.maxContracts = 1;
    await expect(world.session.placeOrder(buy('st.big', 3))).rejects.toThrow(
      'Maximum position of 1 contracts exceeded',
    );
    world.fake.venue.accounts.get(465)!.maxContracts = 10;
    const order = await world.session.placeOrder(buy('st.big', 3));
    expect(order.clientOrderId).toBe('st.big');
    const tags = world.fake.world.placed
      .filter((p) => p.accountId === 465)
      .map((p) => [p.customTag, p.errorCode]);
    expect(tags).toEqual([
      ['st.big', 4],
      ['st.big', 2],
      ['st.big~2', 0],
    ]);
    await until(() => world.fake.venue.netOf(465, ES_ID) === 3, 'filled');
  });

  it('refuses clearly: outside trading hours and a locked account', async () => {
    world.fake.venue.marketOpen = false;
    const refused = world.session.placeOrder(buy('st.h'));
    await expect(refused).rejects.toBeInstanceOf(BrokerError);
    await expect(refused).rejects.toMatchObject({ code: 'rejected', message: 'Outside of trading hours' });
    world.fake.venue.marketOpen = true;
    world.fake.venue.accounts.get(466)!.canTrade = false;
    await expect(world.session.placeOrder(buy('st.lock', 1, '466'))).rejects.toMatchObject({
      code: 'rejected',
      message: 'Account is not allowed to trade',
    });
  });

  it('re-subscribes after a cut, catches up the trades it missed and reports the connection', async () => {
    const resting = await world.session.placeOrder({ ...buy('st.rest'), type: 'Limit', price: 5000 });
    await until(
      () => world.session !== undefined && world.fake.venue.orders.get(Number(resting.orderId))?.status === 1,
      'working',
    );
    await until(async () => (await world.session.workingOrders()).length === 1, 'seen working');
    const subscribedBefore = world.fake.hub.invocations.filter((t) => t === 'SubscribeTrades').length;
    world.fake.hub.cutAll();
    // While the hub is down a fill happens and a working order is cancelled; no push tells of either.
    world.fake.setFaults({ dropEvents: { remaining: 1000 } });
    world.fake.venue.cancel(465, Number(resting.orderId));
    const placed = await world.session.placeOrder(buy('st.gap', 2));
    await until(() => world.fake.venue.netOf(465, ES_ID) === 2, 'filled at the gateway');
    world.fake.clearFaults();
    await until(() => world.events.some((e) => e.kind === 'connection' && e.up), 'connection up');
    expect(world.events.some((e) => e.kind === 'connection' && !e.up)).toBe(true);
    expect(world.fake.hub.invocations.filter((t) => t === 'SubscribeTrades').length).toBe(
      subscribedBefore + 2,
    );
    expect(filledQty(world.events, placed.orderId)).toBe(2);
    expect(await world.session.positions()).toEqual([
      { accountExternalId: '465', symbol: ES, netPos: 2, avgPrice: 6000 },
    ]);
    expect(await world.session.workingOrders()).toEqual([]);
    // Pushes flow again on the new connection.
    world.fake.venue.marketOpen = true;
    const next = await world.session.placeOrder(buy('st.after'));
    await until(() => filledQty(world.events, next.orderId) === 1, 'push after reconnect');
  });

  it('signs in again when another login ended its session, for REST and for the hub', async () => {
    const loginsBefore = world.fake.sessions.logins;
    // Someone signs in with the same user elsewhere: this session's token is dead.
    world.fake.sessions.issue('alice');
    const order = await world.session.placeOrder(buy('st.relog'));
    expect(world.fake.sessions.logins).toBe(loginsBefore + 2);
    expect(world.renewed).toBeGreaterThan(0);
    await until(() => world.fake.hub.liveConnections() === 1, 'hub back');
    await until(
      () => filledQty(world.events, order.orderId) === 1 || world.fake.venue.netOf(465, ES_ID) === 1,
      'filled',
    );
    const next = await world.session.placeOrder(buy('st.relog2'));
    await until(() => filledQty(world.events, next.orderId) === 1, 'hub pushes with the new token');
  });

  it('cancels, modifies and flattens one symbol', async () => {
    const limit = await world.session.placeOrder({ ...buy('st.l', 2), type: 'Limit', price: 5900 });
    await until(
      () => world.session !== undefined && world.fake.venue.orders.get(Number(limit.orderId))?.status === 1,
      'open',
    );
    await world.session.modifyOrder({
      accountExternalId: '465',
      orderId: limit.orderId,
      qty: 3,
      type: 'Limit',
      price: 5950,
    });
    expect(world.fake.venue.orders.get(Number(limit.orderId))).toMatchObject({ size: 3, limitPrice: 5950 });
    await until(
      () =>
        world.events.some(
          (e) => e.kind === 'order' && e.order.orderId === limit.orderId && e.order.qty === 3,
        ),
      'modified event',
    );
    await world.session.placeOrder(buy('st.m', 1));
    await until(() => world.fake.venue.netOf(465, ES_ID) === 1, 'filled');
    await world.session.flatten('465', ES);
    expect(world.fake.venue.netOf(465, ES_ID)).toBe(0);
    expect(world.fake.venue.orders.get(Number(limit.orderId))?.status).toBe(3);
    await world.session.cancelOrder('465', limit.orderId);
  });
});
