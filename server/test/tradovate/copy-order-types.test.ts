import { copyClientId, mirrorEventKey } from '../../src/copier/engine/client-ids';
import { DEFAULT_RISK } from '../../src/copier/engine/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import type { FakeControl } from '../../fakes/tradovate/control';
import type { FakeOrder } from '../../fakes/tradovate/venue-types';
import { createTestDb } from '../support/test-db';
import { CopyRig } from './support/copy-rig';
import { SYMBOL } from './support/leader-actions';

/**
 * A leader's StopLimit, TrailingStop and MIT reach followers as they are, through the engine, the adapter and
 * the fake Tradovate: same type, same prices, same trailing distance (× ratio for the quantity). The expected
 * orders are read from the leader's order at the fake, never from the adapter.
 */
describe('leader order types copied as they are (Tradovate)', () => {
  let db: Db;
  let rig: CopyRig;
  let control: FakeControl;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    const settings = (ratio: number) => ({ ratio, cross: false, autoSync: true, risk: { ...DEFAULT_RISK } });
    // One follower on another login, one on a second account of the leader's own login.
    rig = await CopyRig.start(db, [
      { onLeaderUser: false, settings: settings(1) },
      { onLeaderUser: true, settings: settings(2) },
    ]);
    control = rig.world.fake.control;
    await rig.settle();
  });
  afterEach(() => rig.close());

  function placeLeader(order: Partial<FakeOrder> & Pick<FakeOrder, 'action' | 'orderType'>): FakeOrder {
    const placed = control.placeHumanOrder({
      accountId: rig.leaderExternalId,
      symbol: SYMBOL,
      action: order.action,
      qty: order.orderQty ?? 1,
      orderType: order.orderType,
      ...(order.price ? { price: order.price } : {}),
      ...(order.stopPrice ? { stopPrice: order.stopPrice } : {}),
      ...(order.pegDifference ? { pegDifference: order.pegDifference } : {}),
    });
    if (!('orderId' in placed)) throw new Error(`The fake refused the leader order: ${placed.failureText}`);
    return leaderOrder(placed.orderId);
  }

  const leaderOrder = (id: number): FakeOrder => {
    const order = control.orders().find((o) => o.id === id);
    if (!order) throw new Error(`No leader order ${id}`);
    return order;
  };

  /** The follower's mirror of a leader order, found by the engine's own client id for mirrors. */
  function mirrorOf(leader: FakeOrder, follower: number): FakeOrder | undefined {
    const followerId = rig.followerIds[follower] ?? 0;
    const clientId = copyClientId(mirrorEventKey(rig.ids.leaderId, String(leader.id)), followerId, 0);
    return control.orders().find((o) => o.clOrdId === clientId);
  }

  const shape = (order: FakeOrder | undefined) =>
    order && {
      action: order.action,
      orderType: order.orderType,
      price: order.price,
      stopPrice: order.stopPrice,
      pegDifference: order.pegDifference,
      ordStatus: order.ordStatus,
    };

  it('when the leader places a StopLimit, a TrailingStop and an MIT, then each follower gets the same order type with the same prices and trailing distance, sized by its ratio', async () => {
    const orders = [
      placeLeader({ action: 'Buy', orderType: 'StopLimit', stopPrice: 6005, price: 6006, orderQty: 2 }),
      placeLeader({ action: 'Sell', orderType: 'TrailingStop', stopPrice: 5990, pegDifference: 10 }),
      placeLeader({ action: 'Buy', orderType: 'MIT', price: 5990 }),
    ];
    await rig.settle();
    for (const leader of orders) {
      for (const [follower, ratio] of [
        [0, 1],
        [1, 2],
      ] as const) {
        const mirror = mirrorOf(leader, follower);
        expect(shape(mirror)).toEqual(shape(leader));
        expect(mirror?.orderQty).toBe(leader.orderQty * ratio);
      }
    }
  });

  it('when the leader modifies its StopLimit and the quantity of its TrailingStop, then the mirrors stay a StopLimit with the new prices and a TrailingStop with the new quantity', async () => {
    const stopLimit = placeLeader({ action: 'Sell', orderType: 'StopLimit', stopPrice: 5990, price: 5989 });
    const trailing = placeLeader({ action: 'Buy', orderType: 'TrailingStop', pegDifference: 4 });
    await rig.settle();
    control.modifyHumanOrder(stopLimit.id, { orderQty: 2, stopPrice: 5985, price: 5984 });
    control.modifyHumanOrder(trailing.id, { orderQty: 3 });
    await rig.settle();
    for (const [follower, ratio] of [
      [0, 1],
      [1, 2],
    ] as const) {
      expect(shape(mirrorOf(stopLimit, follower))).toEqual({
        ...shape(stopLimit),
        stopPrice: 5985,
        price: 5984,
      });
      expect(mirrorOf(stopLimit, follower)?.orderQty).toBe(2 * ratio);
      expect(shape(mirrorOf(trailing, follower))).toEqual(shape(trailing));
      expect(mirrorOf(trailing, follower)?.orderQty).toBe(3 * ratio);
    }
    // Tradovate refuses any change but the quantity of a trailing stop: none was sent.
    const refused = control
      .requests()
      .map((r) => ({ endpoint: r.endpoint, body: r.body as Record<string, unknown> }))
      .filter(({ endpoint, body }) => endpoint === 'order/modifyorder' && body.orderType === 'TrailingStop')
      .filter(({ body }) => body.stopPrice !== undefined || body.price !== undefined);
    expect(refused).toEqual([]);
  });

  it('when the market runs up and turns, then the leader and follower trailing stops follow it and sell together, and the followers end at leader × ratio', async () => {
    control.placeHumanOrder({ accountId: rig.leaderExternalId, symbol: SYMBOL, action: 'Buy', qty: 1 });
    await rig.settle();
    const trailing = placeLeader({ action: 'Sell', orderType: 'TrailingStop', pegDifference: 3 });
    await rig.settle();
    for (const price of [6004, 6008, 6006, 6004.75]) control.setPrice(SYMBOL, price);
    await rig.settle();
    // The stop rose to 6005 (6008 − 3), so 6004.75 touched it; 6006 had not.
    expect(leaderOrder(trailing.id).ordStatus).toBe('Filled');
    expect(mirrorOf(trailing, 0)?.ordStatus).toBe('Filled');
    expect(mirrorOf(trailing, 1)?.ordStatus).toBe('Filled');
    expect(control.fills().filter((f) => f.orderId === mirrorOf(trailing, 0)?.id)[0]?.price).toBe(6004.75);
    expect(control.netPosition(rig.leaderExternalId, SYMBOL)).toBe(0);
    for (const id of rig.followerIds.slice(0, 2))
      expect(control.netPosition(Number(rig.account(id).externalId), SYMBOL)).toBe(0);
  });
});
