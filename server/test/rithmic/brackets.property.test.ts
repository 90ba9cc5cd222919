import type { FakeRithmicOrder } from '../../fakes/rithmic/model';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { assertBracketProperty, type BracketVenues, type PairLeg } from '../copier/support/bracket-property';
import { createTestDb, usingPostgres } from '../support/test-db';
import '../support/property-seed';
import { type RigAccount, RithmicRig, SYMBOL } from './support/rithmic-rig';

/**
 * A paper leader's brackets on Rithmic followers (the fake gateway over real sockets, its request budget on):
 * each follower's stop and target go as one 328 OCO, linked by the gateway. Faults: a lost answer (of a pair, an
 * order or a modify) and partial fills. `RITHMIC_BRACKET_PROPERTY_RUNS` runs more.
 */
const RUNS = Number(process.env.RITHMIC_BRACKET_PROPERTY_RUNS ?? (usingPostgres() ? 2 : 4));

type Fault = 'none' | 'lost-answer' | 'partial-fills';

function venuesOf(rig: RithmicRig): BracketVenues<RigAccount, Fault> {
  const followerOf = (accountId: string): RigAccount | undefined =>
    rig.followers.find((f) => f.place.broker === 'rithmic' && f.place.accountId === accountId);
  const legOf = (order: FakeRithmicOrder): PairLeg => ({
    clientOrderId: order.userTag ?? '',
    state: order.status === 'open' ? 'working' : order.completionReason === 'Fill' ? 'filled' : 'ended',
  });
  return {
    rig,
    symbol: SYMBOL,
    setLeaderPrice: (price) => rig.sim.setPrice(SYMBOL, price),
    setFollowerPrice: (price) => rig.fake.setPrice(SYMBOL, 'CME', price),
    arm(fault) {
      if (fault === 'lost-answer')
        rig.fake.setFaults({ loseAnswers: { remaining: 1, templates: [312, 328, 314] } });
      if (fault === 'partial-fills') rig.fake.setFaults({ partialFillLot: 1 });
    },
    disarm: () => rig.fake.setFaults({ partialFillLot: 0 }),
    // The gateway's own link: each leg names the other in `linked_basket_ids`.
    linkedPairs: async () => {
      const orders = rig.fake.world.orders();
      const byBasket = new Map(orders.map((o) => [o.basketId, o]));
      return orders.flatMap((order) => {
        const other = byBasket.get(order.linkedBasketIds[0] ?? '');
        const follower = followerOf(order.accountId);
        if (other === undefined || follower === undefined || order.basketId > other.basketId) return [];
        return [{ followerId: follower.id, legs: [legOf(order), legOf(other)] as [PairLeg, PairLeg] }];
      });
    },
    sentTwice: () => {
      const count = new Map<string, number>();
      for (const order of rig.fake.world.orders())
        if (order.userTag) {
          const key = `${order.accountId}|${order.userTag}`;
          count.set(key, (count.get(key) ?? 0) + 1);
        }
      return [...count].filter(([, n]) => n > 1).map(([key]) => key);
    },
  };
}

describe("a paper leader's brackets on Rithmic followers (property)", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it(`when brackets are opened, moved, cancelled, exited in part and hit on either venue first, under lost answers and partial fills, then each follower's legs are the leader's × ratio as one linked pair, a filled leg never leaves the other working, and nothing is sent twice (${RUNS} runs)`, async () => {
    await assertBracketProperty<RigAccount, Fault>({
      runs: RUNS,
      faults: ['none', 'lost-answer', 'partial-fills'],
      none: 'none',
      start: async (ratio, risk) => {
        const rig = await RithmicRig.start(db, 'sim', [
          { ratio: 1, risk },
          { ratio, risk },
          { ratio: 2, risk },
        ]);
        return {
          venues: venuesOf(rig),
          detail: () =>
            `Engine log:\n${rig.log.slice(-30).join('\n')}\nAt the gateway:\n${rig.fake.world
              .orders()
              .map((o) => JSON.stringify(o))
              .join('\n')}`,
          close: () => rig.close(),
        };
      },
      examples: [
        [
          2,
          [
            { kind: 'rework', pick: 0, ticks: 2, fault: 'lost-answer' },
            { kind: 'move', ticks: 9, leaderFirst: false },
            { kind: 'bracket', side: 'sell', qty: 3, stopTicks: 6, targetTicks: 10, fault: 'lost-answer' },
            { kind: 'exit', fault: 'partial-fills' },
            { kind: 'move', ticks: -12, leaderFirst: true },
          ],
        ],
      ],
    });
  }, 900_000);
});
