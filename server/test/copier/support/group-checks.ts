import fc from 'fast-check';
import type { OrderSide } from '../../../src/brokers/types';
import type { GroupAccount, VenueGroupRig, VenueWorkingOrder } from './venue-group-rig';

/**
 * What the engine's property tests through real broker sessions share: the leader's steps, and the checks of a
 * settled group written out from the spec's rules (never computed with the engine's own code).
 */
export type LeaderStep<F> =
  | { kind: 'trade'; side: OrderSide; qty: number; fault: F }
  | { kind: 'flat'; fault: F }
  /** Leader trades one after another without waiting: copies of one are still on their way as the next arrives. */
  | { kind: 'burst'; sides: OrderSide[]; fault: F }
  | { kind: 'restart' }
  /** Leader resting orders by hand: placed, changed (size and price) and cancelled; never marketable here. */
  | { kind: 'work'; side: OrderSide; type: 'Limit' | 'Stop'; qty: number; offset: number; fault: F }
  | { kind: 'rework'; pick: number; qty: number; offset: number; fault: F }
  | { kind: 'unwork'; pick: number; fault: F };

export type RestingStep<F> = Extract<LeaderStep<F>, { kind: 'work' | 'rework' | 'unwork' }>;

/** Random leader steps, each with one of the rig's faults; `weights` of the resting-order steps (work, rework, unwork). */
export function leaderSteps<F>(
  fault: fc.Arbitrary<F>,
  weights: { work: number; rework: number; unwork: number },
): fc.Arbitrary<LeaderStep<F>> {
  const side = fc.constantFrom('buy' as const, 'sell' as const);
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('trade' as const),
        side,
        qty: fc.integer({ min: 1, max: 3 }),
        fault,
      }),
      weight: 6,
    },
    { arbitrary: fc.record({ kind: fc.constant('flat' as const), fault }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('burst' as const),
        sides: fc.array(side, { minLength: 2, maxLength: 4 }),
        fault,
      }),
      weight: 2,
    },
    { arbitrary: fc.constant({ kind: 'restart' as const }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('work' as const),
        side,
        type: fc.constantFrom('Limit' as const, 'Stop' as const),
        qty: fc.integer({ min: 1, max: 3 }),
        offset: fc.integer({ min: 1, max: 4 }),
        fault,
      }),
      weight: weights.work,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('rework' as const),
        pick: fc.nat(3),
        qty: fc.integer({ min: 1, max: 4 }),
        offset: fc.integer({ min: 1, max: 4 }),
        fault,
      }),
      weight: weights.rework,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('unwork' as const), pick: fc.nat(3), fault }),
      weight: weights.unwork,
    },
  );
}

/** What a rig's leader can do by hand at its own venue. */
export interface LeaderHands {
  leaderWork(side: OrderSide, type: 'Limit' | 'Stop', qty: number, price: number): Promise<void>;
  leaderRework(order: VenueWorkingOrder, qty: number, price: number): Promise<void>;
  leaderUnwork(order: VenueWorkingOrder): Promise<void>;
}

/** A resting price the market (at 6000 in the rigs) does not reach: buy limits and sell stops below. */
export function restingPrice(side: OrderSide, type: 'Limit' | 'Stop', offset: number): number {
  const below = (side === 'buy') === (type === 'Limit');
  return 6000 + (below ? -10 : 10) * offset;
}

/** Runs a resting-order step by hand at the leader's venue. */
export async function resting<A extends GroupAccount, F>(
  rig: VenueGroupRig<A> & LeaderHands,
  step: RestingStep<F>,
): Promise<void> {
  if (step.kind === 'work')
    return rig.leaderWork(step.side, step.type, step.qty, restingPrice(step.side, step.type, step.offset));
  const orders = rig.workingAt(rig.leader);
  const order = orders[step.pick % Math.max(1, orders.length)];
  if (order === undefined) return;
  if (step.kind === 'unwork') return rig.leaderUnwork(order);
  return rig.leaderRework(order, step.qty, restingPrice(order.side, order.type, step.offset));
}

export function following<A extends GroupAccount>(rig: VenueGroupRig<A>): A[] {
  return rig.followers.filter((f) => rig.account(f.id).enabled && rig.account(f.id).isFollower);
}

/** The spec's sizing, written out here: leader × ratio rounded half away from zero, capped at the max net position. */
export function expectedHolding(leader: number, ratio: number, maxNet: number): number {
  const scaled = Math.sign(leader) * Math.round(Math.abs(leader) * ratio);
  return Math.max(-maxNet, Math.min(maxNet, scaled)) || 0;
}

/** Followers not at leader × ratio (within their max net position) on their own contract. */
export function offTarget<A extends GroupAccount>(
  rig: VenueGroupRig<A>,
  leaderSymbol: string,
): Array<{ id: number; held: number; target: number }> {
  const leader = rig.held(rig.leader, leaderSymbol);
  return following(rig)
    .map((f) => {
      const account = rig.account(f.id);
      return {
        id: f.id,
        held: rig.held(f, rig.symbolOf(f.id)),
        target: expectedHolding(leader, account.ratio, account.risk.maxNetPosition),
      };
    })
    .filter(({ held, target }) => held !== target);
}

export function pastMaxNet<A extends GroupAccount>(rig: VenueGroupRig<A>): string[] {
  return rig.followers
    .map((f) => ({ f, held: rig.held(f, rig.symbolOf(f.id)), max: rig.account(f.id).risk.maxNetPosition }))
    .filter(({ held, max }) => Math.abs(held) > max)
    .map(({ f, held, max }) => `${f.id}: ${held} > ${max}`);
}

/** The leader order a follower's resting order mirrors, read from the copy's id (`st.m<leader>-<order>.<follower>`). */
export function mirrored<A extends GroupAccount>(
  rig: VenueGroupRig<A>,
  followerId: number,
  order: VenueWorkingOrder,
): string | null {
  const match = new RegExp(`^st\\.m${rig.leader.id}-(.+)\\.${followerId}$`).exec(order.clientOrderId ?? '');
  return match ? match[1]! : null;
}

/**
 * Every mirror at a follower's venue copies a leader order still resting, with its side, type and price and
 * leader size × ratio (rounded half away from zero), whatever modifications and cancels came in between.
 * `onMirror` hears each mirror compared (the tests count them, so the check did compare something).
 * `keptToHolding`: client order ids of legs whose broker session keeps them no larger than the position they
 * close (the ProjectX adapter's linked pairs: its README, Limits); such a leg is leader × ratio cut to what the
 * follower holds.
 */
export function mirrorsOffLeader<A extends GroupAccount>(
  rig: VenueGroupRig<A>,
  onMirror: (follower: A) => void = () => undefined,
  keptToHolding: ReadonlySet<string> = new Set(),
): string[] {
  const leaderOrders = new Map(rig.workingAt(rig.leader).map((o) => [o.orderId, o]));
  const out: string[] = [];
  for (const f of following(rig)) {
    const { ratio } = rig.account(f.id);
    const held = rig.held(f, rig.symbolOf(f.id));
    for (const order of rig.workingAt(f)) {
      const leaderOrderId = mirrored(rig, f.id, order);
      if (leaderOrderId === null) continue;
      onMirror(f);
      const leader = leaderOrders.get(leaderOrderId);
      const scaled = leader === undefined ? 0 : Math.round(leader.qty * ratio);
      const closes = Math.max(0, order.side === 'sell' ? held : -held);
      const wanted = leader && {
        side: leader.side,
        type: leader.type,
        price: leader.price,
        qty: keptToHolding.has(order.clientOrderId ?? '') ? Math.min(scaled, closes) : scaled,
      };
      const got = { side: order.side, type: order.type, price: order.price, qty: order.qty };
      if (wanted === undefined)
        out.push(`${f.id}: mirror ${order.clientOrderId} of an order the leader no longer has`);
      else if (JSON.stringify(wanted) !== JSON.stringify(got))
        out.push(
          `${f.id}: mirror ${order.clientOrderId} is ${JSON.stringify(got)}, leader × ratio is ${JSON.stringify(wanted)}`,
        );
    }
  }
  return out;
}
