import { toContractId } from '../../src/brokers/projectx/symbols';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';
import { MixedRig, SYMBOL, type RigAccount, type VenueWorkingOrder } from './support/mixed-rig';
import { until } from './support/px-world';

const legsOf = (orders: readonly VenueWorkingOrder[]): Array<[string, string, number, number]> =>
  orders.map((o): [string, string, number, number] => [o.type, o.side, o.qty, o.price]).sort();

/**
 * A ProjectX leader's own bracket (an entry placed with `stopLossBracket` / `takeProfitBracket`, whose legs the
 * gateway creates when it fills) copied over real sockets to a paper, a ProjectX and a Tradovate follower.
 */
describe("a ProjectX leader's own bracket on every follower", () => {
  let db: Db;
  let rig: MixedRig;
  let paper: RigAccount;
  let px: RigAccount;
  let tv: RigAccount;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    rig = await MixedRig.start(db, 'projectx', [{ ratio: 1 }, { ratio: 2 }, { ratio: 1 }]);
    [paper, px, tv] = rig.followers as [RigAccount, RigAccount, RigAccount];
    await rig.leaderBracket('buy', 1, 5980, 6020);
    await rig.settle();
  }, 60_000);
  afterEach(() => rig.close());

  /** Each follower's stop and target, at the leader's target and the given stop, sized by its ratio. */
  const expectFollowerLegs = (stopPrice: number): void => {
    for (const [follower, qty] of [
      [paper, 1],
      [px, 2],
      [tv, 1],
    ] as const)
      expect(legsOf(rig.workingAt(follower))).toEqual([
        ['Limit', 'sell', qty, 6020],
        ['Stop', 'sell', qty, stopPrice],
      ]);
  };
  /** The followers are checked against the leader a moment after its order is done (`mirrorSettleMs`). */
  const everyFollowerFlat = (): Promise<void> =>
    until(
      () => [paper, px, tv].every((f) => rig.workingAt(f).length === 0 && rig.held(f, SYMBOL) === 0),
      'every follower flat with nothing working',
    );

  it('when the gateway creates the legs at the fill, then each follower gets them as one linked pair, sized by its ratio', async () => {
    expect(legsOf(rig.workingAt(rig.leader))).toEqual([
      ['Limit', 'sell', 1, 6020],
      ['Stop', 'sell', 1, 5980],
    ]);
    expect([rig.held(paper, SYMBOL), rig.held(px, SYMBOL), rig.held(tv, SYMBOL)]).toEqual([1, 2, 1]);
    expect([legsOf(rig.workingAt(paper)), legsOf(rig.workingAt(px)), legsOf(rig.workingAt(tv))]).toEqual([
      [
        ['Limit', 'sell', 1, 6020],
        ['Stop', 'sell', 1, 5980],
      ],
      [
        ['Limit', 'sell', 2, 6020],
        ['Stop', 'sell', 2, 5980],
      ],
      [
        ['Limit', 'sell', 1, 6020],
        ['Stop', 'sell', 1, 5980],
      ],
    ]);
    // Paper: the two orders name each other.
    const paperId = paper.place.broker === 'sim' ? paper.place.externalId : '';
    const [first, second] = rig.sim.workingOrders([paperId]);
    expect([first?.linkedOrderId, second?.linkedOrderId]).toEqual([second?.orderId, first?.orderId]);
    // ProjectX: the adapter keeps the pair one-cancels-other, under the mirrors' ids.
    const pairs = await db.query<{ account_id: string; leg_qty: number }>(
      `SELECT account_id, leg_qty FROM projectx_synthetic_brackets
       WHERE stop_client_order_id LIKE 'st.m%' AND target_client_order_id LIKE 'st.m%' AND stage = 'legs'`,
    );
    expect(pairs.map((p) => [p.account_id, Number(p.leg_qty)])).toEqual([['200', 2]]);
    // Tradovate: one placeOCO, never a leg on its own.
    const sends = rig.tradovate.control
      .requests('order/place')
      .filter((send) => (send.body as { orderType?: string }).orderType !== 'Market');
    expect(sends.map((send) => send.endpoint)).toEqual(['order/placeoco']);
    expect(sends[0]?.body).toMatchObject({
      action: 'Sell',
      orderQty: 1,
      orderType: 'Stop',
      stopPrice: 5980,
      other: { action: 'Sell', orderType: 'Limit', price: 6020 },
    });
  }, 60_000);

  it("when the leader's target fills, then no follower keeps a stop live and every follower is flat", async () => {
    rig.fake.setPrice(toContractId(SYMBOL), 6021);
    await everyFollowerFlat();
    await rig.settle();
    expect(rig.workingAt(rig.leader)).toEqual([]);
    expect(rig.held(rig.leader, SYMBOL)).toBe(0);
    expect([rig.workingAt(paper), rig.workingAt(px), rig.workingAt(tv)]).toEqual([[], [], []]);
    expect([rig.held(paper, SYMBOL), rig.held(px, SYMBOL), rig.held(tv, SYMBOL)]).toEqual([0, 0, 0]);
  }, 60_000);

  it("when the leader moves its stop up, then every follower's stop moves and stays linked", async () => {
    const stop = rig.workingAt(rig.leader).find((o) => o.type === 'Stop')!;
    await rig.leaderRework(stop, 1, 5990);
    await rig.settle();
    expectFollowerLegs(5990);
    const tvStops = rig.tradovate.control
      .orders()
      .filter((o) => o.orderType === 'Stop' && o.ordStatus === 'Working');
    expect(tvStops.map((o) => o.ocoSiblingId !== undefined && o.ocoSiblingId !== null)).toEqual([true]);
  }, 60_000);

  it('when the engine restarts, then nothing is sent again, the followers keep their linked pairs and still follow the leader', async () => {
    const placedBefore = rig.fake.world.placed.length;
    const tvPairsBefore = rig.tradovate.control.requests('order/placeoco').length;
    await rig.restart();
    await rig.settle();
    const stop = rig.workingAt(rig.leader).find((o) => o.type === 'Stop')!;
    await rig.leaderRework(stop, 1, 5990);
    await rig.settle();
    expectFollowerLegs(5990);
    expect(rig.fake.world.placed.length).toBe(placedBefore);
    expect(rig.tradovate.control.requests('order/placeoco')).toHaveLength(tvPairsBefore);
    // The leader's target fills: every follower ends flat with nothing working.
    rig.fake.setPrice(toContractId(SYMBOL), 6021);
    await everyFollowerFlat();
  }, 60_000);
});
