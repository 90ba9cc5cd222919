import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';
import { type RigAccount, RithmicRig, SYMBOL, type VenueWorkingOrder } from './support/rithmic-rig';

const legsOf = (orders: readonly VenueWorkingOrder[]): Array<[string, string, number, number]> =>
  orders.map((o): [string, string, number, number] => [o.type, o.side, o.qty, o.price]).sort();

/**
 * A paper leader's bracket copied to Rithmic followers over real sockets to the fake gateway (its request budget
 * on), the engine on the server's store: each follower's stop loss and take profit go as one 328 OCO.
 */
describe("a leader's bracket on Rithmic followers", () => {
  let db: Db;
  let rig: RithmicRig;
  let lead: RigAccount;
  let double: RigAccount;
  let single: RigAccount;
  const rithmicId = (account: RigAccount): string =>
    account.place.broker === 'rithmic' ? account.place.accountId : '';
  const atGateway = (account: RigAccount) =>
    rig.fake.world.orders().filter((o) => o.accountId === rithmicId(account) && o.priceType !== 'MARKET');

  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    rig = await RithmicRig.start(db, 'sim', [{ ratio: 1 }, { ratio: 2 }, { ratio: 1 }]);
    [lead, double, single] = rig.followers as [RigAccount, RigAccount, RigAccount];
    await rig.leaderBracket('buy', 1, 5980, 6020);
    await rig.settle();
  }, 60_000);
  afterEach(() => rig.close());

  it('when the leader opens a bracket, then each Rithmic follower gets one linked pair, sent once as 328', async () => {
    expect([rig.held(lead, SYMBOL), rig.held(double, SYMBOL), rig.held(single, SYMBOL)]).toEqual([1, 2, 1]);
    expect(legsOf(rig.workingAt(double))).toEqual([
      ['Limit', 'sell', 2, 6020],
      ['Stop', 'sell', 2, 5980],
    ]);
    for (const follower of [lead, single])
      expect(legsOf(rig.workingAt(follower))).toEqual([
        ['Limit', 'sell', 1, 6020],
        ['Stop', 'sell', 1, 5980],
      ]);
    // One OCO per follower account; the entries went as 312 market orders and no leg went alone.
    expect(rig.fake.world.requests(328)).toBe(3);
    expect(rig.fake.world.requests(312)).toBe(3);
    for (const follower of [lead, double, single]) {
      const [stop, target] = atGateway(follower)
        .sort((a, b) => a.priceType.localeCompare(b.priceType))
        .reverse();
      expect([stop?.priceType, target?.priceType]).toEqual(['STOP_MARKET', 'LIMIT']);
      expect([stop?.linkedBasketIds, target?.linkedBasketIds]).toEqual([
        [target?.basketId],
        [stop?.basketId],
      ]);
      expect([stop?.userTag?.startsWith('st.m'), target?.userTag?.startsWith('st.m')]).toEqual([true, true]);
      expect([stop?.manualOrAuto, target?.manualOrAuto]).toEqual(['AUTO', 'AUTO']);
    }
  });

  it("when a follower's target fills at Rithmic alone, then the gateway cancels its stop while the leader's legs keep working", async () => {
    // Only the gateway's market moves: the paper leader's legs do not trade.
    rig.fake.setPrice(SYMBOL, 'CME', 6021);
    await rig.settle();
    expect(legsOf(rig.workingAt(rig.leader))).toEqual([
      ['Limit', 'sell', 1, 6020],
      ['Stop', 'sell', 1, 5980],
    ]);
    for (const follower of [lead, double, single]) {
      expect(rig.workingAt(follower)).toEqual([]);
      expect(
        atGateway(follower)
          .map((o) => [o.priceType, o.completionReason])
          .sort(),
      ).toEqual([
        ['LIMIT', 'Fill'],
        ['STOP_MARKET', 'Cancel'],
      ]);
    }
  }, 60_000);

  it("when the engine restarts, then the pairs are not sent again, follow the leader's stop and go with the leader's cancel", async () => {
    const sentBefore = [rig.fake.world.requests(328), rig.fake.world.requests(312)];
    await rig.restart();
    await rig.settle();
    const leaderStop = rig.workingAt(rig.leader).find((o) => o.type === 'Stop')!;
    await rig.leaderRework(leaderStop, 1, 5990);
    await rig.settle();
    expect(legsOf(rig.workingAt(double))).toEqual([
      ['Limit', 'sell', 2, 6020],
      ['Stop', 'sell', 2, 5990],
    ]);
    expect([rig.fake.world.requests(328), rig.fake.world.requests(312)]).toEqual(sentBefore);
    // The modified stop is still linked: a filled target cancels it.
    rig.fake.setPrice(SYMBOL, 'CME', 6021);
    await rig.settle();
    expect(rig.workingAt(double)).toEqual([]);
    expect(
      atGateway(double)
        .map((o) => o.completionReason)
        .sort(),
    ).toEqual(['Cancel', 'Fill']);
    for (const leg of rig.workingAt(rig.leader)) await rig.leaderUnwork(leg);
    await rig.settle();
    expect([rig.workingAt(lead), rig.workingAt(single)]).toEqual([[], []]);
  }, 60_000);
});
