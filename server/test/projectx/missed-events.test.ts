import type { PlaceOrderCommand } from '../../src/brokers/types';
import { ES, ES_ID, filledQty, pxWorld, type PxWorld, until } from './support/px-world';

const restingBuy = (clientOrderId: string, qty: number, price: number): PlaceOrderCommand => ({
  accountExternalId: '465',
  clientOrderId,
  symbol: ES,
  side: 'buy',
  qty,
  type: 'Limit',
  price,
});

/** The fake's count of REST calls, to wait for checks that ran (never for a time). */
const restCalls = (world: PxWorld): number => world.fake.world.requests;

describe('ProjectX: hub events dropped on a live connection are noticed by the periodic REST check', () => {
  let world: PxWorld;
  beforeEach(async () => {
    world = await pxWorld({ missedEventsCheckMs: 100, missedEventsConfirmMs: 50 });
  });
  afterEach(() => world.close());

  const hubStayedUp = (): boolean => !world.events.some((e) => e.kind === 'connection' && !e.up);

  it('reports a cancel whose only push was dropped, without any disconnect', async () => {
    const order = await world.session.placeOrder(restingBuy('st.rest', 1, 5000));
    await until(async () => (await world.session.workingOrders()).length === 1, 'seen working');
    world.fake.setFaults({ dropEvents: { remaining: 1, target: 'GatewayUserOrder' } });
    expect(world.fake.venue.cancel(465, Number(order.orderId))).toBe(0);
    expect(world.fake.faults.dropEvents?.remaining).toBe(0);
    await until(
      () =>
        world.events.some(
          (e) => e.kind === 'order' && e.order.orderId === order.orderId && e.order.status === 'Canceled',
        ),
      'the cancel reported',
    );
    expect(await world.session.workingOrders()).toEqual([]);
    expect(hubStayedUp()).toBe(true);
  });

  it('gives an order first seen by the check its client order id, never reporting it as placed by hand', async () => {
    // The answer with the order id is lost and no push tells of the order: only the check sees it.
    world.fake.setFaults({
      loseAnswers: { remaining: 1, match: 'Order/place' },
      dropEvents: { remaining: 1000 },
    });
    await expect(world.session.placeOrder(restingBuy('st.quiet', 1, 5000))).rejects.toMatchObject({
      code: 'uncertain',
    });
    await until(
      () => world.events.some((e) => e.kind === 'order' && e.order.clientOrderId === 'st.quiet'),
      'the order with its client order id',
    );
    expect(world.events.filter((e) => e.kind === 'order' && e.order.clientOrderId === null)).toEqual([]);
  });

  it('reports a fill whose order, trade and position pushes were all dropped, once', async () => {
    const order = await world.session.placeOrder(restingBuy('st.fill', 2, 5990));
    await until(async () => (await world.session.workingOrders()).length === 1, 'seen working');
    world.fake.setFaults({ dropEvents: { remaining: 1000 } });
    world.fake.setPrice(ES_ID, 5980);
    expect(world.fake.venue.netOf(465, ES_ID)).toBe(2);
    await until(() => filledQty(world.events, order.orderId) === 2, 'the fill reported');
    await until(
      async () => (await world.session.positions()).some((p) => p.symbol === ES && p.netPos === 2),
      'the position reported',
    );
    // Later checks read the same trade and the order's fillVolume again: nothing is counted twice.
    world.fake.clearFaults();
    const before = restCalls(world);
    await until(() => restCalls(world) >= before + 20, 'more checks');
    expect(filledQty(world.events, order.orderId)).toBe(2);
    expect(hubStayedUp()).toBe(true);
  });

  it('reports once the fill of an order whose place answer was lost and whose pushes were dropped, after the look-up read it from the history', async () => {
    // The engine looks the order up after the lost answer; the history is the first to show it, filled. Its
    // fill must reach the engine from there, not be counted silently and then absorbed by the check's trade.
    world.fake.setFaults({
      loseAnswers: { remaining: 1, match: 'Order/place' },
      dropEvents: { remaining: 1000 },
    });
    const market: PlaceOrderCommand = {
      accountExternalId: '465',
      clientOrderId: 'st.lostfill',
      symbol: ES,
      side: 'buy',
      qty: 2,
      type: 'Market',
    };
    await expect(world.session.placeOrder(market)).rejects.toMatchObject({ code: 'uncertain' });
    expect(world.fake.venue.netOf(465, ES_ID)).toBe(2);
    const found = await world.session.findOrderByClientId('465', 'st.lostfill');
    expect(found).toMatchObject({ status: 'Filled', filledQty: 2 });
    await until(() => filledQty(world.events, found!.orderId) === 2, 'the fill reported');
    const fills = world.events.filter((e) => e.kind === 'fill' && e.orderId === found!.orderId);
    expect(fills.every((e) => e.kind === 'fill' && e.clientOrderId === 'st.lostfill')).toBe(true);
    // Later checks read the trade again, and the pushes come back: nothing is counted twice.
    world.fake.clearFaults();
    const before = restCalls(world);
    await until(() => restCalls(world) >= before + 20, 'more checks');
    expect(filledQty(world.events, found!.orderId)).toBe(2);
  });

  it('reports the fill of an order whose place answer was lost while a check held its pushes, once', async () => {
    // The check applies its reads in line with the pushes: while it reads, pushes wait behind it. A slow
    // trade read keeps it there; the look-up after the lost answer must not apply the history meanwhile.
    world.fake.setFaults({ slowAnswers: { remaining: 1, match: 'Trade/search', delayMs: 1_000 } });
    const tradeReads = world.fake.world.calls['Trade/search'] ?? 0;
    await until(() => (world.fake.world.calls['Trade/search'] ?? 0) > tradeReads, 'a check reading trades');
    world.fake.setFaults({ loseAnswers: { remaining: 1, match: 'Order/place' } });
    const market: PlaceOrderCommand = {
      accountExternalId: '465',
      clientOrderId: 'st.held',
      symbol: ES,
      side: 'buy',
      qty: 2,
      type: 'Market',
    };
    await expect(world.session.placeOrder(market)).rejects.toMatchObject({ code: 'uncertain' });
    const found = await world.session.findOrderByClientId('465', 'st.held');
    expect(found).toMatchObject({ status: 'Filled', filledQty: 2 });
    await until(() => filledQty(world.events, found!.orderId) === 2, 'the fill reported');
    const before = restCalls(world);
    await until(() => restCalls(world) >= before + 20, 'more checks');
    expect(filledQty(world.events, found!.orderId)).toBe(2);
  });

  it('gives the fill of a trade pushed before any push of its order (those dropped, its place answer lost) its client order id', async () => {
    // The order's pending and open pushes (the only ones before its trade that carry its tag) are dropped.
    world.fake.setFaults({
      loseAnswers: { remaining: 1, match: 'Order/place' },
      dropEvents: { remaining: 2, target: 'GatewayUserOrder' },
    });
    const market: PlaceOrderCommand = {
      accountExternalId: '465',
      clientOrderId: 'st.untold',
      symbol: ES,
      side: 'sell',
      qty: 3,
      type: 'Market',
    };
    await expect(world.session.placeOrder(market)).rejects.toMatchObject({ code: 'uncertain' });
    expect(world.fake.faults.dropEvents?.remaining).toBe(0);
    const orderId = String(world.fake.world.placed.at(-1)!.orderId);
    await until(() => filledQty(world.events, orderId) === 3, 'the fill reported');
    const fills = world.events.filter((e) => e.kind === 'fill' && e.orderId === orderId);
    expect(fills.map((e) => (e.kind === 'fill' ? e.clientOrderId : undefined))).toEqual(
      fills.map(() => 'st.untold'),
    );
  });
});
