import { toContractId } from '../../src/brokers/projectx/symbols';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';
import { legsOf, MixedRig, SYMBOL, type RigAccount } from './support/mixed-rig';

/**
 * A paper leader's bracket copied to ProjectX followers (over real sockets to the fake gateway) and to a
 * Tradovate follower (the fake Tradovate, over its REST API and socket), the engine on the server's store.
 */
describe("a leader's bracket on ProjectX and Tradovate followers", () => {
  let db: Db;
  let rig: MixedRig;
  let px: RigAccount;
  let px2: RigAccount;
  let tv: RigAccount;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    rig = await MixedRig.start(db, 'sim', [{ ratio: 2 }, { ratio: 1 }, { ratio: 1 }]);
    [px, px2, tv] = rig.followers as [RigAccount, RigAccount, RigAccount];
    await rig.leaderBracket('buy', 1, 5980, 6020);
    // Every test starts from the linked pairs working at a ProjectX follower and the Tradovate one (the first test
    // checks how they went out).
    await rig.settleUntil(() => [px, tv].every((follower) => rig.workingAt(follower).length === 2));
  }, 60_000);
  afterEach(() => rig.close());

  it('when the leader opens a bracket, then each ProjectX follower and the Tradovate follower get one linked pair', async () => {
    expect([rig.held(px, SYMBOL), rig.held(px2, SYMBOL), rig.held(tv, SYMBOL)]).toEqual([2, 1, 1]);
    expect(legsOf(rig.workingAt(px))).toEqual([
      ['Limit', 'sell', 2, 6020],
      ['Stop', 'sell', 2, 5980],
    ]);
    expect(legsOf(rig.workingAt(tv))).toEqual([
      ['Limit', 'sell', 1, 6020],
      ['Stop', 'sell', 1, 5980],
    ]);
    // Each leg went to the gateway once, under the engine's id for the mirror of its leader leg.
    const tags = rig.fake.world.placed.filter((p) => p.accountId === 200).map((p) => p.customTag);
    expect(tags.filter((tag) => tag?.startsWith('st.m'))).toHaveLength(2);
    expect(new Set(tags).size).toBe(tags.length);
    // The adapter keeps each ProjectX pair one-cancels-other (the gateway links only a bracket's own legs).
    const pairs = await db.query<{ account_id: string; leg_qty: number }>(
      `SELECT account_id, leg_qty FROM projectx_synthetic_brackets
       WHERE stop_client_order_id LIKE 'st.m%' AND target_client_order_id LIKE 'st.m%' AND stage = 'legs'
       ORDER BY account_id`,
    );
    expect(pairs.map((p) => [p.account_id, Number(p.leg_qty)])).toEqual([
      ['100', 2],
      ['200', 1],
    ]);
    // Tradovate links the pair itself: one placeOCO, whose two orders name each other.
    const tvAccount = tv.place.broker === 'tradovate' ? tv.place.accountId : NaN;
    // The entry went as a market order; the legs as one placeOCO, never as orders of their own.
    const sends = rig.tradovate.control
      .requests('order/place')
      .filter((send) => (send.body as { orderType?: string }).orderType !== 'Market');
    expect(sends.map((send) => send.endpoint)).toEqual(['order/placeoco']);
    expect(sends[0]?.body).toMatchObject({
      accountId: tvAccount,
      action: 'Sell',
      orderQty: 1,
      orderType: 'Stop',
      stopPrice: 5980,
      isAutomated: true,
      other: { action: 'Sell', orderType: 'Limit', price: 6020 },
    });
    const [stop, target] = rig.tradovate.control
      .orders()
      .filter((o) => o.accountId === tvAccount && o.ordStatus === 'Working');
    expect([stop?.ocoSiblingId, target?.ocoSiblingId]).toEqual([target?.id, stop?.id]);
  });

  it("when the Tradovate follower's target fills alone, then Tradovate cancels its stop while the leader's legs keep working", async () => {
    const tvAccount = tv.place.broker === 'tradovate' ? tv.place.accountId : NaN;
    rig.tradovate.control.setPrice(SYMBOL, 6021);
    await rig.settle();
    expect(legsOf(rig.workingAt(rig.leader))).toHaveLength(2);
    expect(rig.workingAt(tv)).toEqual([]);
    expect(
      rig.tradovate.control
        .orders()
        .filter((o) => o.accountId === tvAccount && o.orderType !== 'Market')
        .map((o) => [o.orderType, o.ordStatus])
        .sort(),
    ).toEqual([
      ['Limit', 'Filled'],
      ['Stop', 'Canceled'],
    ]);
  }, 60_000);

  it("when the ProjectX follower's target fills alone, then its stop is cancelled at once while the leader's legs keep working", async () => {
    // Only the gateway's market moves: the paper leader's legs (and the Tradovate follower's) do not trade.
    rig.fake.setPrice(toContractId(SYMBOL), 6021);
    await rig.settle();
    expect(legsOf(rig.workingAt(rig.leader))).toEqual([
      ['Limit', 'sell', 1, 6020],
      ['Stop', 'sell', 1, 5980],
    ]);
    expect(rig.workingAt(px)).toEqual([]);
    expect(rig.workingAt(px2)).toEqual([]);
    expect(legsOf(rig.workingAt(tv))).toHaveLength(2);
    // Reconciliation brings the ProjectX followers back to leader × ratio.
    await rig.engine.sync(rig.userId);
    await rig.settle();
    expect([rig.held(px, SYMBOL), rig.held(px2, SYMBOL)]).toEqual([2, 1]);
  }, 60_000);

  it("when the engine restarts, then the legs are not sent again, still follow the leader's stop, and stay linked at ProjectX", async () => {
    const placedBefore = rig.fake.world.placed.length;
    await rig.restart();
    await rig.settle();
    const leaderStop = rig.workingAt(rig.leader).find((o) => o.type === 'Stop')!;
    await rig.leaderRework(leaderStop, 1, 5990);
    await rig.settle();
    expect(legsOf(rig.workingAt(px))).toEqual([
      ['Limit', 'sell', 2, 6020],
      ['Stop', 'sell', 2, 5990],
    ]);
    // The pair kept by the restarted session still cancels the stop when the target fills alone.
    rig.fake.setPrice(toContractId(SYMBOL), 6021);
    await rig.settle();
    expect([rig.workingAt(px), rig.workingAt(px2)]).toEqual([[], []]);
    expect(rig.fake.world.placed.length).toBe(placedBefore);
    // The Tradovate pair was not sent again either, and its stop followed the leader's as one of the pair.
    expect(rig.tradovate.control.requests('order/placeoco')).toHaveLength(1);
    expect(rig.tradovate.control.requests('order/placeorder')).toHaveLength(1);
    expect(legsOf(rig.workingAt(tv))).toEqual([
      ['Limit', 'sell', 1, 6020],
      ['Stop', 'sell', 1, 5990],
    ]);
    for (const leg of rig.workingAt(rig.leader)) await rig.leaderUnwork(leg);
    await rig.settle();
    expect(rig.workingAt(tv)).toEqual([]);
  }, 60_000);
});
