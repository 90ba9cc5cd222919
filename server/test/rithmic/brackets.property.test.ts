import fc from 'fast-check';
import type { FakeRithmicOrder } from '../../fakes/rithmic/model';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { mirrorsOffLeader, offTarget } from '../copier/support/group-checks';
import { createTestDb, usingPostgres } from '../support/test-db';
import '../support/property-seed';
import { type RigAccount, RithmicRig, SYMBOL } from './support/rithmic-rig';

/**
 * A paper leader's brackets on Rithmic followers (the fake gateway over real sockets, its request budget on),
 * with the leader's stops moved, legs cancelled, partial exits, prices that fill legs on either side first,
 * partial fills and lost answers at the gateway. After each step settles: every follower's resting mirrors are
 * the leader's legs × ratio, a follower's two legs are one linked pair at the gateway, a filled leg never leaves
 * its pair's other leg working, and nothing reaches the gateway twice. `RITHMIC_BRACKET_PROPERTY_RUNS` runs more.
 */
const RUNS = Number(process.env.RITHMIC_BRACKET_PROPERTY_RUNS ?? (usingPostgres() ? 2 : 4));
const TICK = 0.25;

type Fault = 'none' | 'lost-answer' | 'partial-fills';
type Step =
  | {
      kind: 'bracket';
      side: 'buy' | 'sell';
      qty: number;
      stopTicks: number;
      targetTicks: number;
      fault: Fault;
    }
  /** The market moves on both venues; `leaderFirst` says which one hears it first. */
  | { kind: 'move'; ticks: number; leaderFirst: boolean }
  /** The leader moves a leg toward or away from the market (a stop to break-even, a target closer). */
  | { kind: 'rework'; pick: number; ticks: number; fault: Fault }
  | { kind: 'unwork'; pick: number }
  | { kind: 'exit'; fault: Fault };

const fault = fc.constantFrom<Fault>('none', 'lost-answer', 'partial-fills');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('bracket' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      qty: fc.integer({ min: 1, max: 3 }),
      stopTicks: fc.integer({ min: 4, max: 24 }),
      targetTicks: fc.integer({ min: 4, max: 24 }),
      fault,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      ticks: fc.integer({ min: -28, max: 28 }),
      leaderFirst: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('rework' as const),
      pick: fc.nat(3),
      ticks: fc.integer({ min: -3, max: 3 }),
      fault,
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('unwork' as const), pick: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('exit' as const), fault }), weight: 1 },
);

function arm(rig: RithmicRig, chosen: Fault): void {
  // The pair's (or an order's) answer is lost after the gateway took it: looked up, never sent again.
  if (chosen === 'lost-answer')
    rig.fake.setFaults({ loseAnswers: { remaining: 1, templates: [312, 328, 314] } });
  if (chosen === 'partial-fills') rig.fake.setFaults({ partialFillLot: 1 });
}

const rithmicId = (account: RigAccount): string =>
  account.place.broker === 'rithmic' ? account.place.accountId : '';

function atGateway(rig: RithmicRig, account: RigAccount): FakeRithmicOrder[] {
  return rig.fake.world.orders().filter((o) => o.accountId === rithmicId(account));
}

/** A follower's two resting copies of one leader bracket are one pair linked at the gateway. */
function unlinked(rig: RithmicRig): string[] {
  const out: string[] = [];
  for (const follower of rig.followers) {
    if (!rig.account(follower.id).enabled) continue;
    const resting = atGateway(rig, follower).filter((o) => o.status === 'open' && o.priceType !== 'MARKET');
    const stops = resting.filter((o) => o.priceType === 'STOP_MARKET');
    const targets = resting.filter((o) => o.priceType === 'LIMIT');
    if (stops.length !== 1 || targets.length !== 1) continue;
    const [stop, target] = [stops[0]!, targets[0]!];
    if (stop.linkedBasketIds[0] !== target.basketId || target.linkedBasketIds[0] !== stop.basketId)
      out.push(`${rithmicId(follower)}: stop ${stop.userTag} and target ${target.userTag} are not linked`);
  }
  return out;
}

/** A leg that filled with its linked leg still working: the position could be closed twice. */
function filledWithSiblingLive(rig: RithmicRig): string[] {
  const orders = rig.fake.world.orders();
  return orders
    .filter((o) => o.completionReason === 'Fill' && o.linkedBasketIds.length === 1)
    .filter((o) => orders.find((other) => other.basketId === o.linkedBasketIds[0])?.status === 'open')
    .map((o) => `${o.accountId}: ${o.userTag} filled, its linked leg still works`);
}

function sentTwice(rig: RithmicRig): string[] {
  const seen = new Map<string, number>();
  for (const order of rig.fake.world.orders())
    if (order.userTag)
      seen.set(
        `${order.accountId}|${order.userTag}`,
        (seen.get(`${order.accountId}|${order.userTag}`) ?? 0) + 1,
      );
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

/** Over all runs: pairs reached the gateway, mirrors were compared. */
const seen = { pairs: 0, mirrors: 0 };

async function run(rig: RithmicRig, steps: Step[]): Promise<void> {
  let price = 6000;
  const setPrice = (next: number, leaderFirst: boolean): void => {
    price = Math.max(5800, Math.min(6200, next));
    const venues = [() => rig.sim.setPrice(SYMBOL, price), () => rig.fake.setPrice(SYMBOL, 'CME', price)];
    for (const set of leaderFirst ? venues : venues.reverse()) set();
  };
  await rig.settle();
  for (const current of steps) {
    if (current.kind !== 'move' && current.kind !== 'unwork') arm(rig, current.fault);
    const legs = rig.workingAt(rig.leader);
    const leg =
      legs[
        (current.kind === 'rework' || current.kind === 'unwork' ? current.pick : 0) % Math.max(1, legs.length)
      ];
    const held = rig.held(rig.leader, SYMBOL);
    if (current.kind === 'bracket') {
      // One bracket at a time, as a trader's exits are: a second entry waits until the first is closed.
      if (held === 0 && legs.length === 0) {
        const sign = current.side === 'buy' ? 1 : -1;
        await rig.leaderBracket(
          current.side,
          current.qty,
          price - sign * current.stopTicks * TICK,
          price + sign * current.targetTicks * TICK,
        );
      }
    } else if (current.kind === 'move') setPrice(price + current.ticks * TICK, current.leaderFirst);
    else if (current.kind === 'rework' && leg !== undefined) {
      // Never through the market: a stop stays on its side, a target on its own.
      const wanted = leg.price + current.ticks * TICK;
      const stopBelow = (leg.side === 'sell') === (leg.type === 'Stop');
      const safe = stopBelow ? Math.min(wanted, price - TICK) : Math.max(wanted, price + TICK);
      await rig.leaderRework(leg, leg.qty, safe);
    } else if (current.kind === 'unwork' && leg !== undefined) await rig.leaderUnwork(leg);
    else if (current.kind === 'exit' && held !== 0) await rig.leaderTrade(held > 0 ? 'sell' : 'buy', 1);
    await rig.settle();
    rig.fake.setFaults({ partialFillLot: 0 });
    expect(filledWithSiblingLive(rig)).toEqual([]);
    expect(mirrorsOffLeader(rig, () => (seen.mirrors += 1))).toEqual([]);
    expect(unlinked(rig)).toEqual([]);
  }
  rig.fake.clearFaults();
  await rig.engine.sync(rig.userId);
  await rig.settle();
  expect(sentTwice(rig)).toEqual([]);
  expect(offTarget(rig, SYMBOL)).toEqual([]);
  expect(mirrorsOffLeader(rig)).toEqual([]);
  expect(unlinked(rig)).toEqual([]);
  seen.pairs += rig.fake.world.requests(328);
}

describe("a paper leader's brackets on Rithmic followers (property)", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it(`when brackets are opened, moved, cancelled, exited in part and hit on either venue first, under lost answers and partial fills, then each follower's legs are the leader's × ratio as one linked pair, a filled leg never leaves the other working, and nothing is sent twice (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2, 0.5),
        fc.array(step, { minLength: 2, maxLength: 8 }),
        async (ratio, steps) => {
          const risk = { maxContractsPerOrder: 10, maxNetPosition: 10, dailyLossLimit: 0 };
          const rig = await RithmicRig.start(db, 'sim', [
            { ratio: 1, risk },
            { ratio, risk },
            { ratio: 2, risk },
          ]);
          try {
            await run(rig, [
              { kind: 'bracket', side: 'buy', qty: 2, stopTicks: 8, targetTicks: 8, fault: 'none' },
              ...steps,
            ]);
          } catch (error: unknown) {
            if (error instanceof Error)
              error.message += `\nEngine log:\n${rig.log.slice(-30).join('\n')}\nAt the gateway:\n${rig.fake.world
                .orders()
                .map((o) => JSON.stringify(o))
                .join('\n')}`;
            throw error;
          } finally {
            await rig.close();
          }
        },
      ),
      {
        numRuns: RUNS,
        endOnFailure: true,
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
      },
    );
    expect(seen.pairs).toBeGreaterThan(0);
    expect(seen.mirrors).toBeGreaterThan(0);
  }, 900_000);
});
