import { OrderStatus } from '../../fakes/projectx/model';
import { toContractId } from '../../src/brokers/projectx/symbols';
import { clientOrderIdOf } from '../../src/brokers/projectx/tags';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { assertBracketProperty, type BracketVenues, type PairLeg } from '../copier/support/bracket-property';
import { createTestDb, usingPostgres } from '../support/test-db';
import '../support/property-seed';
import { MixedRig, type RigAccount, SYMBOL } from './support/mixed-rig';

/**
 * A paper leader's brackets on two ProjectX followers (the fake gateway over real sockets; the adapter keeps each
 * pair one-cancels-other itself, in the database) and a Tradovate follower (the fake Tradovate: its own placeOCO
 * pair). ProjectX faults: a lost answer to an order and partial fills. `PROJECTX_BRACKET_PROPERTY_RUNS` runs more.
 */
const RUNS = Number(process.env.PROJECTX_BRACKET_PROPERTY_RUNS ?? (usingPostgres() ? 2 : 3));

type Fault = 'none' | 'lost-answer' | 'partial-fills';

/**
 * The rig's venues for the property. With a ProjectX leader the gateway's market is the leader's (and the ProjectX
 * follower's); the paper and Tradovate followers' markets are the followers' side.
 */
function venuesOf(rig: MixedRig, leaderOn: 'sim' | 'projectx'): BracketVenues<RigAccount, Fault> {
  const followerOn = (broker: 'projectx' | 'tradovate', accountId: number): RigAccount | undefined =>
    rig.followers.find((f) => f.place.broker === broker && f.place.accountId === accountId);
  const mine = (clientOrderId: string | null): boolean =>
    clientOrderId?.startsWith(`st.m${rig.leader.id}-`) === true;
  const pxLeg = (accountId: number, clientOrderId: string): PairLeg => {
    const order = [...rig.fake.venue.orders.values()].find(
      (o) => o.accountId === accountId && clientOrderIdOf(o.customTag) === clientOrderId,
    );
    const state =
      order === undefined
        ? 'ended'
        : order.status === OrderStatus.Open || order.status === OrderStatus.Pending
          ? 'working'
          : order.status === OrderStatus.Filled
            ? 'filled'
            : 'ended';
    return { clientOrderId, state };
  };
  return {
    rig,
    symbol: SYMBOL,
    setLeaderPrice: (price) =>
      leaderOn === 'sim' ? rig.sim.setPrice(SYMBOL, price) : rig.fake.setPrice(toContractId(SYMBOL), price),
    setFollowerPrice(price) {
      if (leaderOn === 'sim') rig.fake.setPrice(toContractId(SYMBOL), price);
      else rig.sim.setPrice(SYMBOL, price);
      rig.tradovate.control.setPrice(SYMBOL, price);
    },
    arm(fault) {
      if (fault === 'lost-answer')
        rig.fake.setFaults({ loseAnswers: { remaining: 1, match: 'Order/place' } });
      if (fault === 'partial-fills') rig.fake.setFaults({ partialFills: true });
    },
    disarm: () => rig.fake.setFaults({ partialFills: false }),
    linkedPairs: async () => {
      // ProjectX: the pairs the adapter keeps linked (its table), under the engine's ids for this rig's leader.
      const rows = await rig.db.query<{ account_id: string; stop: string; target: string }>(
        `SELECT account_id, stop_client_order_id AS stop, target_client_order_id AS target
         FROM projectx_synthetic_brackets WHERE stop_client_order_id IS NOT NULL`,
      );
      const px = rows.flatMap((row) => {
        const follower = followerOn('projectx', Number(row.account_id));
        if (follower === undefined || !mine(row.stop)) return [];
        const accountId = Number(row.account_id);
        return [
          {
            followerId: follower.id,
            legs: [pxLeg(accountId, row.stop), pxLeg(accountId, row.target)] as [PairLeg, PairLeg],
          },
        ];
      });
      // Tradovate: its own pairs, each order naming the other.
      const orders = rig.tradovate.control.orders();
      const tvState = (status: string): PairLeg['state'] =>
        status === 'Filled'
          ? 'filled'
          : ['Working', 'PendingNew', 'Suspended'].includes(status)
            ? 'working'
            : 'ended';
      const tv = orders.flatMap((order) => {
        const other = orders.find((o) => o.id === order.ocoSiblingId);
        const follower = followerOn('tradovate', order.accountId);
        if (other === undefined || follower === undefined || order.id > other.id || !mine(order.clOrdId))
          return [];
        return [
          {
            followerId: follower.id,
            legs: [
              { clientOrderId: order.clOrdId ?? '', state: tvState(order.ordStatus) },
              { clientOrderId: other.clOrdId ?? '', state: tvState(other.ordStatus) },
            ] as [PairLeg, PairLeg],
          },
        ];
      });
      // Paper: its working pairs, each order naming the other (the venue cancels a filled leg's sibling in the
      // same step, so a filled leg never shows beside a working one).
      const paper = rig.followers.flatMap((follower) => {
        if (follower.place.broker !== 'sim') return [];
        const working = rig.sim.workingOrders([follower.place.externalId]);
        return working.flatMap((order) => {
          const other = working.find((o) => o.orderId === order.linkedOrderId);
          if (other === undefined || order.orderId > other.orderId || !mine(order.clientOrderId)) return [];
          return [
            {
              followerId: follower.id,
              legs: [
                { clientOrderId: order.clientOrderId ?? '', state: 'working' },
                { clientOrderId: other.clientOrderId ?? '', state: 'working' },
              ] as [PairLeg, PairLeg],
            },
          ];
        });
      });
      return [...px, ...tv, ...paper];
    },
    sentTwice: () => {
      const count = new Map<string, number>();
      const add = (key: string): void => void count.set(key, (count.get(key) ?? 0) + 1);
      for (const placed of rig.fake.world.placed)
        if (placed.customTag) add(`px ${placed.accountId}|${placed.customTag}`);
      for (const order of rig.tradovate.control.orders())
        if (order.clOrdId) add(`tv ${order.accountId}|${order.clOrdId}`);
      return [...count].filter(([, n]) => n > 1).map(([key]) => key);
    },
    // The adapter keeps a ProjectX pair's legs within the position they close (its README, Limits).
    keptToHolding: async () => {
      const rows = await rig.db.query<{ stop: string; target: string | null }>(
        `SELECT stop_client_order_id AS stop, target_client_order_id AS target
         FROM projectx_synthetic_brackets WHERE stop_client_order_id IS NOT NULL`,
      );
      return new Set(rows.flatMap((row) => [row.stop, row.target ?? '']));
    },
  };
}

describe("a paper leader's brackets on ProjectX and Tradovate followers (property)", () => {
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
        const rig = await MixedRig.start(db, 'sim', [
          { ratio: 2, risk },
          { ratio, risk },
          { ratio: 1, risk },
        ]);
        return {
          venues: venuesOf(rig, 'sim'),
          detail: () => `Engine log:\n${rig.log.slice(-30).join('\n')}`,
          close: () => rig.close(),
        };
      },
      examples: [
        // A leg placed while the follower's entry still filled in parts must grow back with the position.
        [
          0.5,
          [
            { kind: 'move', ticks: 28, leaderFirst: false },
            {
              kind: 'bracket',
              side: 'buy',
              qty: 3,
              stopTicks: 18,
              targetTicks: 21,
              fault: 'partial-fills',
            },
            { kind: 'rework', pick: 1, ticks: 1, fault: 'none' },
          ],
        ],
        [
          0.5,
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

describe("a ProjectX leader's own brackets on paper, ProjectX and Tradovate followers (property)", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it(`when the leader's gateway brackets (legs created at the fill, with no link in ProjectX's orders) are opened, moved, cancelled, exited in part and hit on either side first, under lost answers and partial fills, then each follower's legs are the leader's × ratio as one linked pair, a filled leg never leaves the other working, and nothing is sent twice (${RUNS} runs)`, async () => {
    await assertBracketProperty<RigAccount, Fault>({
      runs: RUNS,
      faults: ['none', 'lost-answer', 'partial-fills'],
      none: 'none',
      start: async (ratio, risk) => {
        const rig = await MixedRig.start(db, 'projectx', [
          { ratio: 1, risk },
          { ratio, risk },
          { ratio: 2, risk },
        ]);
        return {
          venues: venuesOf(rig, 'projectx'),
          detail: () => `Engine log:\n${rig.log.slice(-30).join('\n')}`,
          close: () => rig.close(),
        };
      },
      examples: [],
    });
  }, 900_000);
});
