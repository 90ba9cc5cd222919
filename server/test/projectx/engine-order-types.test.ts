import { STOP_LIMIT_SENT_AS } from '../../src/brokers/projectx/orders';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { OrderStatus } from '../../fakes/projectx/model';
import { createTestDb } from '../support/test-db';
import { MixedRig, SYMBOL, type RigAccount } from './support/mixed-rig';

/**
 * A paper leader's stop-limit and trailing stop (the paper ticket's types) on a ProjectX follower and a Tradovate
 * follower: each broker gets the order as itself where it has the type, and the copy says what went instead where
 * it has not. The expected orders are written from the brokers' documents, read at each fake.
 */
describe("a leader's stop-limit and trailing stop on ProjectX and Tradovate followers", () => {
  let db: Db;
  let rig: MixedRig;
  let px: RigAccount;
  let tv: RigAccount;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    rig = await MixedRig.start(db, 'sim', [{ ratio: 2 }, { ratio: 1 }, { ratio: 1 }]);
    [px, , tv] = rig.followers as [RigAccount, RigAccount, RigAccount];
    await rig.leaderTrade('buy', 1);
    await rig.settle();
  }, 60_000);
  afterEach(() => rig.close());

  const pxAccount = (): number => (px.place.broker === 'projectx' ? px.place.accountId : NaN);
  const tvAccount = (): number => (tv.place.broker === 'tradovate' ? tv.place.accountId : NaN);
  const pxWorking = () =>
    [...rig.fake.venue.orders.values()].filter(
      (o) =>
        o.accountId === pxAccount() && (o.status === OrderStatus.Open || o.status === OrderStatus.Pending),
    );
  const tvWorking = () =>
    rig.tradovate.control
      .orders()
      .filter((o) => o.accountId === tvAccount() && o.ordStatus === 'Working' && o.orderType !== 'Market');

  it('when the leader places a trailing stop, then ProjectX gets a trailing stop (type 5) and Tradovate a TrailingStop with the same trail, and neither is sent a change as the stop trails', async () => {
    await rig.leaderOwnType('sell', 1, { venueType: 'TrailingStop', trail: 10 });
    await rig.settle();
    expect(pxWorking().map((o) => [o.type, o.side, o.size, o.trailPrice, o.stopPrice])).toEqual([
      [5, 1, 2, 10, 5990],
    ]);
    expect(
      tvWorking().map((o) => [
        o.orderType,
        o.action,
        o.orderQty,
        Math.abs(o.pegDifference ?? 0),
        o.stopPrice,
      ]),
    ).toEqual([['TrailingStop', 'Sell', 1, 10, 5990]]);
    const modifies = () =>
      Object.entries(rig.fake.world.calls)
        .filter(([path]) => /order\/modify/i.test(path))
        .reduce((sum, [, count]) => sum + count, 0) +
      rig.tradovate.control.requests('order/modifyorder').length;
    const before = modifies();
    // The market runs up at every venue: each trailing stop follows it on its own.
    rig.sim.setPrice(SYMBOL, 6004);
    rig.fake.setPrice(pxWorking()[0]!.contractId, 6004);
    rig.tradovate.control.setPrice(SYMBOL, 6004);
    await rig.settle();
    expect(modifies()).toBe(before);
    expect(pxWorking().map((o) => o.stopPrice)).toEqual([5994]);
    expect(tvWorking().map((o) => o.trailingStop)).toEqual([5994]);
  }, 60_000);

  it('when the leader places a stop-limit, then Tradovate gets a StopLimit with both prices and ProjectX a stop at the stop price, its copy saying why', async () => {
    await rig.leaderOwnType('sell', 1, { venueType: 'StopLimit', stopPrice: 5990, price: 5989 });
    await rig.settle();
    expect(tvWorking().map((o) => [o.orderType, o.orderQty, o.stopPrice, o.price])).toEqual([
      ['StopLimit', 1, 5990, 5989],
    ]);
    expect(pxWorking().map((o) => [o.type, o.size, o.stopPrice, o.limitPrice])).toEqual([[4, 2, 5990, null]]);
    const copies = await db.query<{ account_id: number; order_type: string; reason: string | null }>(
      `SELECT o.account_id, o.order_type, o.reason FROM copy_orders o
       WHERE o.role = 'copy' AND o.order_type = 'Stop' ORDER BY o.id`,
    );
    expect(copies.map((c) => [Number(c.account_id), c.reason])).toEqual(
      expect.arrayContaining([
        [px.id, STOP_LIMIT_SENT_AS],
        [tv.id, null],
      ]),
    );
  }, 60_000);
});

/**
 * A ProjectX leader's join order (JoinBid / JoinAsk: placed without a price, it rests at the best bid or ask and
 * then behaves as a limit, fake README) reaches every follower as a limit at the price the join rests at: the
 * follower joins the leader's price, not its own venue's best price at that moment.
 */
describe("a ProjectX leader's join order", () => {
  let db: Db;
  let rig: MixedRig;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    // The followers: a paper account, a ProjectX account and a Tradovate account.
    rig = await MixedRig.start(db, 'projectx', [{ ratio: 1 }, { ratio: 2 }, { ratio: 1 }]);
  }, 60_000);
  afterEach(() => rig.close());

  it.each<['buy' | 'sell', string]>([
    ['buy', 'JoinBid'],
    ['sell', 'JoinAsk'],
  ])(
    'when the leader places a %s join (%s), then each follower rests a limit at its price, sized by its ratio',
    async (side) => {
      const price = rig.leaderJoin(side, 1);
      expect(Number.isFinite(price)).toBe(true);
      await rig.settle();
      expect(
        rig.followers
          .slice(0, 3)
          .map((follower) => rig.workingAt(follower).map((o) => [o.type, o.side, o.qty, o.price])),
      ).toEqual([[['Limit', side, 1, price]], [['Limit', side, 2, price]], [['Limit', side, 1, price]]]);
    },
    60_000,
  );
});
