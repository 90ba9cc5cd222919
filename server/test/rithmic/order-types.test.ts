import type { CopyEngine } from '../../src/copier/engine/engine';
import {
  ACCOUNT,
  engineOnLogin,
  type RithmicWorld,
  rithmicWorld,
  until,
  USER,
} from './support/rithmic-world';

const FOLLOWER = 'FAKE-0002';

/**
 * Stop-limits both ways (R | Protocol price_type 3 STOP_LIMIT: `trigger_price` the stop, `price` the limit),
 * trailing stops both ways (`trailing_stop`, `trail_by_ticks`, `trail_by_price_id`), and a stop loss and take
 * profit linked one-cancels-other by the gateway (328 OCO).
 */
describe('Rithmic order types', () => {
  let world: RithmicWorld;
  let engine: CopyEngine | undefined;
  beforeEach(async () => {
    world = await rithmicWorld();
    world.fake.addAccount({ user: USER, accountId: FOLLOWER, name: 'Follower', balance: 50_000 });
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await world.close();
  });

  const atFake = (accountId: string) =>
    world.fake.world
      .orders()
      .filter((o) => o.accountId === accountId)
      .map((o) => [o.priceType, o.side, o.qty, o.triggerPrice, o.price]);

  it('when a stop-limit is placed, then the gateway gets STOP_LIMIT with its stop and limit, and the order reads back as one', async () => {
    const { session, events } = await world.open();
    const order = await session.placeOrder({
      accountExternalId: FOLLOWER,
      clientOrderId: 'sl-1',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      type: 'Stop',
      venueType: 'StopLimit',
      stopPrice: 6010,
      price: 6011,
    });
    expect(atFake(FOLLOWER)).toEqual([['STOP_LIMIT', 'buy', 2, 6010, 6011]]);
    // The gateway's notifications carry its prices back: the order reads as a stop-limit once they are in.
    await until(
      () =>
        events.some((e) => e.kind === 'order' && e.order.orderId === order.orderId && e.order.price === 6011),
      'the order told back with its limit',
    );
    const [working] = (await session.workingOrders()).filter((o) => o.orderId === order.orderId);
    expect(working).toMatchObject({ type: 'Stop', venueType: 'StopLimit', stopPrice: 6010, price: 6011 });
    expect(order.sentAs).toBeUndefined();
  });

  it('when a trailing stop is placed, then the gateway gets a trailing stop in ticks that follows the market, and it reads back as one', async () => {
    const { session, events } = await world.open();
    world.fake.setPrice('ESZ6', 'CME', 6000);
    const order = await session.placeOrder({
      accountExternalId: FOLLOWER,
      clientOrderId: 'tr-1',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 1,
      type: 'Stop',
      venueType: 'TrailingStop',
      trail: 10,
      stopPrice: 5990,
    });
    expect(order.sentAs).toBeUndefined();
    // 10 points of ES are 40 ticks of 0.25.
    const [atGateway] = world.fake.world.orders().filter((o) => o.accountId === FOLLOWER);
    expect(atGateway).toMatchObject({
      priceType: 'STOP_MARKET',
      side: 'sell',
      qty: 1,
      triggerPrice: 5990,
      trailTicks: 40,
    });
    // The market rises: the stop follows 10 points below, and the session reads the move.
    world.fake.setPrice('ESZ6', 'CME', 6004);
    await until(
      () =>
        events.some(
          (e) => e.kind === 'order' && e.order.orderId === order.orderId && e.order.stopPrice === 5994,
        ),
      'the trailed stop told back',
    );
    const [working] = (await session.workingOrders()).filter((o) => o.orderId === order.orderId);
    expect(working).toMatchObject({ type: 'Stop', venueType: 'TrailingStop', trail: 10, stopPrice: 5994 });
    // A falling market leaves it where it is, until it is crossed.
    world.fake.setPrice('ESZ6', 'CME', 5996);
    expect(world.fake.world.order(order.orderId)?.triggerPrice).toBe(5994);
    world.fake.setPrice('ESZ6', 'CME', 5993);
    expect(world.fake.world.order(order.orderId)?.status).toBe('complete');
  });

  it('when a trailing distance is not whole ticks, then the nearest whole number of ticks goes and the answer says so', async () => {
    const { session } = await world.open();
    await session
      .placeOrder({
        accountExternalId: FOLLOWER,
        clientOrderId: 'tr-ok',
        symbol: 'ESZ6',
        side: 'sell',
        qty: 1,
        type: 'Stop',
        venueType: 'TrailingStop',
        trail: 2.1,
        stopPrice: 5990,
      })
      .then((order) => {
        // 2.1 points are not whole ticks: 8 ticks (2 points) went, and the answer says so.
        expect(order.sentAs).toBe('Trailing 2 points behind the market: Rithmic trails by whole ticks');
      });
    expect(world.fake.world.orders().map((o) => o.trailTicks)).toEqual([8]);
  });

  it("when the leader places a trailing stop by hand, then the follower's copy trails by the same distance, × ratio", async () => {
    engine = await engineOnLogin(world, FOLLOWER, 2);
    world.fake.placeByHand({
      accountId: ACCOUNT,
      symbol: 'ESZ6',
      exchange: 'CME',
      side: 'sell',
      qty: 1,
      priceType: 'STOP_MARKET',
      triggerPrice: 5990,
      trailTicks: 12,
    });
    // The market is at 6000: the leader's stop trails to 3 points (12 ticks) below it at once.
    expect(world.fake.world.orders()[0]?.triggerPrice).toBe(5997);
    await until(() => atFake(FOLLOWER).length === 1, 'the copy at the gateway', 10_000);
    const [copy] = world.fake.world.orders().filter((o) => o.accountId === FOLLOWER);
    expect(copy).toMatchObject({
      priceType: 'STOP_MARKET',
      side: 'sell',
      qty: 2,
      triggerPrice: 5997,
      trailTicks: 12,
    });
  }, 30_000);

  it('when a stop loss and take profit are placed as a pair, then one 328 OCO carries both and a filled target cancels the stop', async () => {
    const { session, events } = await world.open();
    world.fake.setPrice('ESZ6', 'CME', 6000);
    const stop = await session.placeOrder({
      accountExternalId: FOLLOWER,
      clientOrderId: 'pair-sl',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 2,
      type: 'Stop',
      stopPrice: 5980,
      oco: { clientOrderId: 'pair-tp', type: 'Limit', price: 6020 },
    });
    expect(session.linksOco).toBe(true);
    expect([world.fake.world.requests(328), world.fake.world.requests(312)]).toEqual([1, 0]);
    const legs = world.fake.world.orders().filter((o) => o.accountId === FOLLOWER);
    expect(legs.map((o) => [o.userTag, o.priceType, o.side, o.qty, o.triggerPrice, o.price])).toEqual([
      ['pair-sl', 'STOP_MARKET', 'sell', 2, 5980, null],
      ['pair-tp', 'LIMIT', 'sell', 2, null, 6020],
    ]);
    expect(legs[0]?.linkedBasketIds).toEqual([legs[1]?.basketId]);
    expect(stop.orderId).toBe(legs[0]?.basketId);
    // Each leg is found by its own client order id, linked to the other.
    const target = await session.findOrderByClientId(FOLLOWER, 'pair-tp');
    expect(target).toMatchObject({ orderId: legs[1]?.basketId, type: 'Limit', price: 6020 });
    await until(
      () =>
        events.some(
          (e) =>
            e.kind === 'order' &&
            e.order.orderId === target?.orderId &&
            e.order.linkedOrderId === stop.orderId,
        ),
      'the link told back',
    );
    world.fake.setPrice('ESZ6', 'CME', 6021);
    expect(
      world.fake.world
        .orders()
        .filter((o) => o.accountId === FOLLOWER)
        .map((o) => [o.userTag, o.status, o.completionReason]),
    ).toEqual([
      ['pair-sl', 'complete', 'Cancel'],
      ['pair-tp', 'complete', 'Fill'],
    ]);
  });

  it("when a pair's answer is lost, then both legs are found by their ids and nothing is sent again", async () => {
    const { session } = await world.open();
    world.fake.setFaults({ loseAnswers: { remaining: 1, templates: [328] } });
    const sent = session.placeOrder({
      accountExternalId: FOLLOWER,
      clientOrderId: 'lost-sl',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Stop',
      stopPrice: 6010,
      oco: { clientOrderId: 'lost-tp', type: 'Limit', price: 5990 },
    });
    await expect(sent).rejects.toMatchObject({ code: 'uncertain' });
    const [sl, tp] = await Promise.all([
      session.findOrderByClientId(FOLLOWER, 'lost-sl'),
      session.findOrderByClientId(FOLLOWER, 'lost-tp'),
    ]);
    expect([sl?.type, sl?.stopPrice, tp?.type, tp?.price]).toEqual(['Stop', 6010, 'Limit', 5990]);
    expect(world.fake.world.requests(328)).toBe(1);
    expect(world.fake.world.orders().filter((o) => o.accountId === FOLLOWER)).toHaveLength(2);
  }, 30_000);

  it("when the leader places a stop-limit by hand, then the follower's copy is a stop-limit at the same prices, × ratio", async () => {
    engine = await engineOnLogin(world, FOLLOWER, 2);
    world.fake.placeByHand({
      accountId: ACCOUNT,
      symbol: 'ESZ6',
      exchange: 'CME',
      side: 'sell',
      qty: 1,
      priceType: 'STOP_LIMIT',
      triggerPrice: 5990,
      price: 5989,
    });
    await until(() => atFake(FOLLOWER).length === 1, 'the copy at the gateway', 10_000);
    expect(atFake(FOLLOWER)).toEqual([['STOP_LIMIT', 'sell', 2, 5990, 5989]]);
  }, 30_000);
});
