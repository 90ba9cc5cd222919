import { DEFAULT_RISK } from '../../src/copier/engine/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import type { FakeControl } from '../../fakes/tradovate/control';
import type { FakeOrder } from '../../fakes/tradovate/venue-types';
import { createTestDb } from '../support/test-db';
import { CopyRig } from './support/copy-rig';
import { SYMBOL } from './support/leader-actions';

/**
 * A Tradovate leader's bracket (placeOSO by hand) and exit pair (placeOCO by hand) reach each Tradovate follower
 * as Tradovate's own linked pair, through the engine, the adapter and the fake: one placeOCO per follower, sized
 * by its ratio, never sent twice, and a filled target never leaves its stop working. Expected orders are read
 * from the leader's own orders at the fake.
 */
describe("a Tradovate leader's brackets on Tradovate followers", () => {
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
    rig = await CopyRig.start(db, [
      { onLeaderUser: false, settings: settings(1) },
      { onLeaderUser: true, settings: settings(2) },
    ]);
    control = rig.world.fake.control;
    control.setPrice(SYMBOL, 6000);
    await rig.settle();
  });
  afterEach(() => rig.close());

  const accountsOf = (): number[] => rig.followerIds.map((id) => Number(rig.account(id).externalId));
  const working = (accountId: number): FakeOrder[] =>
    control
      .orders()
      .filter((o) => o.accountId === accountId && o.orderType !== 'Market')
      .filter(
        (o) => o.ordStatus === 'Working' || o.ordStatus === 'Suspended' || o.ordStatus === 'PendingNew',
      );
  /** An account's resting orders as [type, side, qty, price], and whether they are one linked pair. */
  const book = (accountId: number) => {
    const orders = working(accountId);
    const [a, b] = orders;
    return {
      legs: orders
        .map((o) => [
          o.orderType,
          o.action,
          o.orderQty - o.cumQty,
          o.orderType === 'Limit' ? o.price : o.stopPrice,
        ])
        .sort(),
      linked: orders.length === 2 && a?.ocoSiblingId === b?.id && b?.ocoSiblingId === a?.id,
    };
  };
  const placeocoOf = (accountId: number) =>
    control
      .requests('order/placeoco')
      .filter((request) => (request.body as { accountId?: number }).accountId === accountId);

  it('when the leader buys with a bracket and its target fills, then each follower holds leader × ratio under one linked pair, and ends flat with nothing working', async () => {
    const placed = control.placeHumanOrder({
      accountId: rig.leaderExternalId,
      symbol: SYMBOL,
      action: 'Buy',
      qty: 1,
      brackets: [
        { action: 'Sell', orderType: 'Stop', stopPrice: 5980 },
        { action: 'Sell', orderType: 'Limit', price: 6020 },
      ],
    });
    expect('orderId' in placed).toBe(true);
    await rig.settle();
    const [f1, f2] = accountsOf() as [number, number];
    expect([control.netPosition(f1, SYMBOL), control.netPosition(f2, SYMBOL)]).toEqual([1, 2]);
    for (const [account, qty] of [
      [f1, 1],
      [f2, 2],
    ] as const) {
      expect(book(account)).toEqual({
        legs: [
          ['Limit', 'Sell', qty, 6020],
          ['Stop', 'Sell', qty, 5980],
        ],
        linked: true,
      });
      expect(placeocoOf(account)).toHaveLength(1);
    }

    control.setPrice(SYMBOL, 6021);
    await rig.settle();
    expect(working(rig.leaderExternalId)).toEqual([]);
    for (const account of [f1, f2]) {
      expect(working(account)).toEqual([]);
      expect(control.netPosition(account, SYMBOL)).toBe(0);
    }
  });

  it('when the leader moves its stop to break-even and then its target, then each follower pair moves with it and stays linked', async () => {
    control.placeHumanOrder({ accountId: rig.leaderExternalId, symbol: SYMBOL, action: 'Buy', qty: 2 });
    await rig.settle();
    // Bought at 6000; the market runs 10 points up, so a stop at the entry is below it.
    control.setPrice(SYMBOL, 6010);
    await rig.settle();
    const pair = control.placeHumanOco(
      {
        accountId: rig.leaderExternalId,
        symbol: SYMBOL,
        action: 'Sell',
        qty: 2,
        orderType: 'Stop',
        stopPrice: 5975,
      },
      { action: 'Sell', orderType: 'Limit', price: 6030 },
    );
    if (!('orderId' in pair)) throw new Error(pair.failureText);
    await rig.settle();
    control.modifyHumanOrder(pair.orderId, { orderQty: 2, orderType: 'Stop', stopPrice: 6000 });
    await rig.settle();
    control.modifyHumanOrder(pair.ocoId, { orderQty: 2, orderType: 'Limit', price: 6040 });
    await rig.settle();
    const [f1, f2] = accountsOf() as [number, number];
    for (const [account, qty] of [
      [f1, 2],
      [f2, 4],
    ] as const) {
      expect(book(account)).toEqual({
        legs: [
          ['Limit', 'Sell', qty, 6040],
          ['Stop', 'Sell', qty, 6000],
        ],
        linked: true,
      });
      expect(placeocoOf(account)).toHaveLength(1);
    }
    // The leader cancels its target by hand: Tradovate's pair on each follower loses its target, the stop stays.
    control.cancelHumanOrder(pair.ocoId);
    await rig.settle();
    for (const [account, qty] of [
      [f1, 2],
      [f2, 4],
    ] as const)
      expect(book(account).legs).toEqual([['Stop', 'Sell', qty, 6000]]);
  });

  it('when the answer of every placeOCO is lost, then each pair is found, not sent again, and its stop still ends with the target', async () => {
    control.placeHumanOrder({ accountId: rig.leaderExternalId, symbol: SYMBOL, action: 'Buy', qty: 1 });
    await rig.settle();
    control.setFaults({ dropAfterAccept: { remaining: 2, match: 'placeoco' } });
    const pair = control.placeHumanOco(
      {
        accountId: rig.leaderExternalId,
        symbol: SYMBOL,
        action: 'Sell',
        qty: 1,
        orderType: 'Stop',
        stopPrice: 5980,
      },
      { action: 'Sell', orderType: 'Limit', price: 6005 },
    );
    if (!('orderId' in pair)) throw new Error(pair.failureText);
    await rig.settle();
    // The target found after the lost answer is the mirror of the leader's: it follows the leader's move.
    control.modifyHumanOrder(pair.ocoId, { orderQty: 1, orderType: 'Limit', price: 6010 });
    await rig.settle();
    const [f1, f2] = accountsOf() as [number, number];
    for (const [account, qty] of [
      [f1, 1],
      [f2, 2],
    ] as const) {
      expect(placeocoOf(account)).toHaveLength(1);
      expect(book(account)).toEqual({
        legs: [
          ['Limit', 'Sell', qty, 6010],
          ['Stop', 'Sell', qty, 5980],
        ],
        linked: true,
      });
    }
    control.setPrice(SYMBOL, 6011);
    await rig.settle();
    for (const account of [f1, f2]) {
      expect(working(account)).toEqual([]);
      expect(control.netPosition(account, SYMBOL)).toBe(0);
    }
    expect(control.requests('order/placeoco')).toHaveLength(2);
  });
});
