import type { BrokerSession, PlaceOrderCommand } from '../../src/brokers/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';
import { openFollowerOnFreshAdapter, startWorld, type World } from './support/world';

/** A follower's stop (the first order) and target (its `other`), for a long of 2 held at 6000. */
const stopAndTarget = (accountId: number, stopId: string, targetId: string): PlaceOrderCommand => ({
  accountExternalId: String(accountId),
  clientOrderId: stopId,
  symbol: 'ESZ6',
  side: 'sell',
  qty: 2,
  type: 'Stop',
  stopPrice: 5980,
  oco: { clientOrderId: targetId, type: 'Limit', price: 6020 },
});

describe('Tradovate one-cancels-other pairs (placeOCO)', () => {
  let world: World;
  let db: Db;
  const sessions: BrokerSession[] = [];
  beforeEach(async () => {
    world = await startWorld();
    db = await createTestDb();
    await migrate(db);
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
    await world.close();
    await db.close();
  });

  /** A session of the follower's login on a fresh adapter over the test database (a server start). */
  async function open(): Promise<BrokerSession> {
    const session = await openFollowerOnFreshAdapter(world, db);
    sessions.push(session);
    return session;
  }

  const account = (): number => world.follower.accountIds[0] ?? 0;
  const atFake = () =>
    world.fake.control
      .orders()
      .filter((o) => o.accountId === account())
      .map((o) => ({ id: o.id, type: o.orderType, status: o.ordStatus, linked: o.ocoSiblingId }));

  it('when a stop and a target are placed as a pair, then one placeOCO carries both with our ids and a fill of the target cancels the stop', async () => {
    const session = await open();
    expect(session.linksOco).toBe(true);
    const stop = await session.placeOrder(stopAndTarget(account(), 'st.m1-10.5', 'st.m1-11.5'));
    const sends = world.fake.control.requests('order/place');
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      endpoint: 'order/placeoco',
      body: {
        accountId: account(),
        action: 'Sell',
        symbol: 'ESZ6',
        orderQty: 2,
        orderType: 'Stop',
        stopPrice: 5980,
        clOrdId: 'st.m1-10.5',
        isAutomated: true,
        other: { action: 'Sell', orderType: 'Limit', price: 6020, clOrdId: 'st.m1-11.5' },
      },
    });
    const target = await session.findOrderByClientId(String(account()), 'st.m1-11.5');
    expect(target).toMatchObject({
      clientOrderId: 'st.m1-11.5',
      type: 'Limit',
      price: 6020,
      qty: 2,
      side: 'sell',
      linkedOrderId: stop.orderId,
    });
    expect(atFake()).toEqual([
      { id: Number(stop.orderId), type: 'Stop', status: 'Working', linked: Number(target?.orderId) },
      { id: Number(target?.orderId), type: 'Limit', status: 'Working', linked: Number(stop.orderId) },
    ]);

    world.fake.control.setPrice('ESZ6', 6021);
    expect(atFake().map((o) => [o.type, o.status])).toEqual([
      ['Stop', 'Canceled'],
      ['Limit', 'Filled'],
    ]);
  });

  it('when the placeOCO answer is lost and the server restarts, then both orders are found by their ids (the second through the first) and nothing is sent again', async () => {
    const first = await open();
    world.fake.control.setFaults({
      holdEventsOf: [world.follower.userId],
      dropAfterAccept: { remaining: 1, match: 'placeoco' },
    });
    await expect(
      first.placeOrder(stopAndTarget(account(), 'st.m2-20.5', 'st.m2-21.5')),
    ).rejects.toMatchObject({
      code: 'uncertain',
    });
    const [stopAtFake, targetAtFake] = atFake();
    await first.close();
    world.fake.control.setFaults({ holdEventsOf: [] });

    const restarted = await open();
    // The target's own client order id is on no command Tradovate keeps: it is found as the stop's linked order.
    expect(world.fake.control.orders().find((o) => o.id === targetAtFake?.id)?.clOrdId).toBeNull();
    const target = await restarted.findOrderByClientId(String(account()), 'st.m2-21.5');
    const stop = await restarted.findOrderByClientId(String(account()), 'st.m2-20.5');
    expect([stop?.orderId, stop?.type, stop?.linkedOrderId]).toEqual([
      String(stopAtFake?.id),
      'Stop',
      String(targetAtFake?.id),
    ]);
    expect([target?.orderId, target?.type, target?.price]).toEqual([String(targetAtFake?.id), 'Limit', 6020]);
    expect(world.fake.control.requests('order/place')).toHaveLength(1);
    expect(atFake()).toHaveLength(2);
  });

  it('when Tradovate refuses the pair, then neither order exists and the second is not found either', async () => {
    const session = await open();
    world.fake.control.setFaults({
      reject: {
        remaining: 1,
        match: 'placeoco',
        body: { failureReason: 'RiskCheck', failureText: 'Over the limit' },
      },
    });
    await expect(
      session.placeOrder(stopAndTarget(account(), 'st.m3-30.5', 'st.m3-31.5')),
    ).rejects.toMatchObject({
      code: 'rejected',
    });
    expect(atFake()).toEqual([]);
    expect(await session.findOrderByClientId(String(account()), 'st.m3-31.5')).toBeNull();
    expect(await session.findOrderByClientId(String(account()), 'st.m3-30.5')).toBeNull();
  });

  it('when a pair would start with a market order, then it is refused before anything is sent', async () => {
    const session = await open();
    await expect(
      session.placeOrder({ ...stopAndTarget(account(), 'st.m4-40.5', 'st.m4-41.5'), type: 'Market' }),
    ).rejects.toMatchObject({ code: 'rejected' });
    expect(world.fake.control.requests('order/place')).toEqual([]);
  });
});
