import { TRAILING_SENT_AS } from '../../src/brokers/rithmic/orders';
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
 * Stop-limits both ways (R | Protocol price_type 3 STOP_LIMIT: `trigger_price` the stop, `price` the limit), and a
 * trailing stop, which the adapter does not send as one yet: it goes as a stop and its answer says so.
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

  it('when a trailing stop is placed, then a stop at its current stop price goes, and the answer says what went and why', async () => {
    const { session } = await world.open();
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
    expect(atFake(FOLLOWER)).toEqual([['STOP_MARKET', 'sell', 1, 5990, null]]);
    expect(order.sentAs).toBe(TRAILING_SENT_AS);
  });

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
