import fc from 'fast-check';
import type { OrderSide } from '../../../src/brokers/types';
import { type LeaderHands, following, mirrored, mirrorsOffLeader, offTarget } from './group-checks';
import type { GroupAccount, VenueGroupRig } from './venue-group-rig';

/**
 * The bracket property test every follower broker runs: a paper leader's brackets opened, their legs moved
 * (a stop to break-even, a target closer), cancelled, exited in part, and hit by prices that reach either venue
 * first, under the broker's faults. Each broker says how it links a pair and how to read its legs back; the checks
 * are written out here from the spec's rules, never computed with the engine's code.
 */
const TICK = 0.25;
export const START_PRICE = 6000;

export type BracketStep<F> =
  | { kind: 'bracket'; side: OrderSide; qty: number; stopTicks: number; targetTicks: number; fault: F }
  /** The market moves on every venue; `leaderFirst` says whether the leader's venue hears it first. */
  | { kind: 'move'; ticks: number; leaderFirst: boolean }
  /** The leader moves a leg (never through the market). */
  | { kind: 'rework'; pick: number; ticks: number; fault: F }
  | { kind: 'unwork'; pick: number }
  /** The leader closes one contract of the position by hand: the legs shrink with it. */
  | { kind: 'exit'; fault: F };

export function bracketSteps<F>(fault: fc.Arbitrary<F>): fc.Arbitrary<BracketStep<F>> {
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('bracket' as const),
        side: fc.constantFrom<OrderSide>('buy', 'sell'),
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
}

/** One leg of a pair a follower's broker (or its adapter) links: its client order id and where it stands. */
export interface PairLeg {
  clientOrderId: string;
  state: 'working' | 'filled' | 'ended';
}

/** What the test needs from a rig with a paper leader and followers on the broker under test. */
export interface BracketVenues<A extends GroupAccount, F> {
  rig: VenueGroupRig<A> &
    LeaderHands & {
      leaderBracket(side: OrderSide, qty: number, stopLoss: number, takeProfit: number): Promise<void>;
      leaderTrade(side: OrderSide, qty: number): Promise<void>;
    };
  symbol: string;
  /** Sets the market at the leader's venue and at the followers' (in the order given). */
  setLeaderPrice(price: number): void;
  setFollowerPrice(price: number): void;
  arm(fault: F): void;
  /** Faults that last only one step (partial fills, duplicates) are lifted after it settles. */
  disarm(): void;
  /** Every pair the followers' brokers link, per follower account id (the rig's id). */
  linkedPairs(): Promise<Array<{ followerId: number; legs: [PairLeg, PairLeg] }>>;
  /** Client order ids the followers' brokers took more than once. */
  sentTwice(): string[];
  /** Legs (client order ids) the followers' brokers keep no larger than the position they close (`mirrorsOffLeader`). */
  keptToHolding?: () => Promise<Set<string>>;
}

/** A follower resting one stop and one target mirror whose broker does not hold them as one linked pair. */
export async function unlinked<A extends GroupAccount, F>(venues: BracketVenues<A, F>): Promise<string[]> {
  const { rig } = venues;
  const pairs = await venues.linkedPairs();
  const out: string[] = [];
  for (const follower of following(rig)) {
    const mirrors = rig.workingAt(follower).filter((o) => mirrored(rig, follower.id, o) !== null);
    const stops = mirrors.filter((o) => o.type === 'Stop');
    const targets = mirrors.filter((o) => o.type === 'Limit');
    if (stops.length !== 1 || targets.length !== 1) continue;
    const ids = [stops[0]!.clientOrderId, targets[0]!.clientOrderId].sort().join(' ');
    const linked = pairs.some(
      (pair) =>
        pair.followerId === follower.id &&
        pair.legs
          .map((leg) => leg.clientOrderId)
          .sort()
          .join(' ') === ids,
    );
    if (!linked) out.push(`${follower.id}: stop and target ${ids} are not one linked pair`);
  }
  return out;
}

/** A linked leg that filled with the other still working: a position could be closed twice. */
export async function filledWithOtherWorking<A extends GroupAccount, F>(
  venues: BracketVenues<A, F>,
): Promise<string[]> {
  return (await venues.linkedPairs())
    .filter(
      ({ legs: [a, b] }) =>
        (a.state === 'filled' && b.state === 'working') || (b.state === 'filled' && a.state === 'working'),
    )
    .map(
      ({ followerId, legs: [a, b] }) =>
        `${followerId}: ${a.clientOrderId} ${a.state}, ${b.clientOrderId} ${b.state}`,
    );
}

/** Over a test's runs: mirrors compared, pairs found linked (so the checks did check something). */
export interface BracketSeen {
  mirrors: number;
  pairs: number;
}

/** Runs the steps (after a first bracket), checking after each settles and once more after a reconciliation. */
export async function runBracketSteps<A extends GroupAccount, F>(
  venues: BracketVenues<A, F>,
  steps: Array<BracketStep<F>>,
  seen: BracketSeen,
): Promise<void> {
  const { rig, symbol } = venues;
  let price = START_PRICE;
  await rig.settle();
  for (const current of steps) {
    if (current.kind !== 'move' && current.kind !== 'unwork') venues.arm(current.fault);
    const legs = rig.workingAt(rig.leader);
    const pick = current.kind === 'rework' || current.kind === 'unwork' ? current.pick : 0;
    const leg = legs[pick % Math.max(1, legs.length)];
    const held = rig.held(rig.leader, symbol);
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
    } else if (current.kind === 'move') {
      price = Math.max(START_PRICE - 200, Math.min(START_PRICE + 200, price + current.ticks * TICK));
      if (current.leaderFirst) {
        venues.setLeaderPrice(price);
        venues.setFollowerPrice(price);
      } else {
        venues.setFollowerPrice(price);
        venues.setLeaderPrice(price);
      }
    } else if (current.kind === 'rework' && leg !== undefined) {
      const wanted = leg.price + current.ticks * TICK;
      const below = (leg.side === 'sell') === (leg.type === 'Stop');
      await rig.leaderRework(
        leg,
        leg.qty,
        below ? Math.min(wanted, price - TICK) : Math.max(wanted, price + TICK),
      );
    } else if (current.kind === 'unwork' && leg !== undefined) await rig.leaderUnwork(leg);
    else if (current.kind === 'exit' && held !== 0) await rig.leaderTrade(held > 0 ? 'sell' : 'buy', 1);
    await rig.settle();
    venues.disarm();
    expect(await filledWithOtherWorking(venues)).toEqual([]);
    expect(mirrorsOffLeader(rig, () => (seen.mirrors += 1), await venues.keptToHolding?.())).toEqual([]);
    expect(await unlinked(venues)).toEqual([]);
  }
  await rig.engine.sync(rig.userId);
  await rig.settle();
  expect(venues.sentTwice()).toEqual([]);
  expect(offTarget(rig, symbol)).toEqual([]);
  expect(mirrorsOffLeader(rig, undefined, await venues.keptToHolding?.())).toEqual([]);
  expect(await unlinked(venues)).toEqual([]);
  seen.pairs += (await venues.linkedPairs()).length;
}

/** The example every run of a broker's test starts with: a bracket whose stop moves under a lost answer. */
export function firstBracket<F>(none: F): BracketStep<F> {
  return { kind: 'bracket', side: 'buy', qty: 2, stopTicks: 8, targetTicks: 8, fault: none };
}

/** A rig of the broker under test: its venues, and what to add to a failure's message. */
export interface BracketRig<A extends GroupAccount, F> {
  venues: BracketVenues<A, F>;
  detail(): string;
  close(): Promise<void>;
}

/**
 * The property itself: for random follower ratios and steps, a fresh rig runs a first bracket then the steps
 * (`runBracketSteps`), with the broker's own faults; `examples` are replayed first. Checks, over all runs, that
 * pairs were found and mirrors compared.
 */
export async function assertBracketProperty<A extends GroupAccount, F>(options: {
  runs: number;
  faults: readonly F[];
  none: F;
  /** A rig whose second follower has `ratio` (its others fixed), every follower with `risk`. */
  start(
    ratio: number,
    risk: { maxContractsPerOrder: number; maxNetPosition: number; dailyLossLimit: number },
  ): Promise<BracketRig<A, F>>;
  examples: Array<[number, Array<BracketStep<F>>]>;
}): Promise<void> {
  const seen: BracketSeen = { mirrors: 0, pairs: 0 };
  const risk = { maxContractsPerOrder: 10, maxNetPosition: 10, dailyLossLimit: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(1, 2, 0.5),
      fc.array(bracketSteps(fc.constantFrom(...options.faults)), { minLength: 2, maxLength: 8 }),
      async (ratio, steps) => {
        const rig = await options.start(ratio, risk);
        try {
          await runBracketSteps(rig.venues, [firstBracket(options.none), ...steps], seen);
        } catch (error: unknown) {
          if (error instanceof Error) error.message += `\n${rig.detail()}`;
          throw error;
        } finally {
          await rig.close();
        }
      },
    ),
    { numRuns: options.runs, endOnFailure: true, examples: options.examples },
  );
  expect(seen.pairs).toBeGreaterThan(0);
  expect(seen.mirrors).toBeGreaterThan(0);
}
