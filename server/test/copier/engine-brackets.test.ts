import { frontMonth, type ContractRoot } from '@synctrade/market';
import type { BrokerEvent, BrokerOrder } from '../../src/brokers/types';
import { bracketOf } from '../../src/copier/engine/bracket-mirrors';
import { systemClock, type Clock } from '../../src/copier/engine/clock';
import type { CopyOutcome } from '../../src/copier/engine/types';
import { BrokerError } from '../../src/brokers/types';
import { Harness, LEADER } from './support/harness';
import { ScriptedFollower } from './support/scripted-follower';

const ES = frontMonth('ES');

/**
 * A leader long 1 ES with a bracket 20 points away each side; the follower copies it at ratio 2. `prepare` changes
 * the harness (a broker, a store) before the engine starts.
 */
async function leaderBracket<T = undefined>(
  prepare?: (h: Harness) => T,
): Promise<{ h: Harness; price: number; follower: string; prepared: T | undefined }> {
  const h = new Harness([{ ratio: 2 }]);
  const prepared = prepare?.(h);
  await h.start();
  const price = h.venue.prices.price('ES');
  await h.leaderOrder({
    symbol: ES,
    side: 'buy',
    qty: 1,
    type: 'Market',
    bracket: { stopLoss: price - 20, takeProfit: price + 20 },
  });
  await h.settle();
  return { h, price, follower: h.directory.account(2).externalId, prepared };
}

const legs = (orders: readonly BrokerOrder[]): Array<[string, number, number | null]> =>
  orders
    .map((o): [string, number, number | null] => [o.type, o.qty, o.type === 'Stop' ? o.stopPrice : o.price])
    .sort((a, b) => a[0].localeCompare(b[0]));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const order = (fields: Partial<BrokerOrder>): BrokerOrder => ({
  orderId: '9',
  clientOrderId: null,
  accountExternalId: '1',
  symbol: ES,
  side: 'sell',
  qty: 1,
  filledQty: 0,
  type: 'Stop',
  price: null,
  stopPrice: 10,
  status: 'Working',
  reason: null,
  parentOrderId: null,
  time: 0,
  ...fields,
});

describe("the legs of a leader's bracket", () => {
  it('when an order has a parent (Tradovate OSO child, paper bracket child), then its bracket is its parent', () => {
    expect(bracketOf(order({ parentOrderId: '5' }))).toBe('parent 5');
    expect(bracketOf(order({ parentOrderId: '5', type: 'Limit', price: 20 }))).toBe('parent 5');
  });

  it("when a leg was placed by our ProjectX adapter for a bracket it keeps, then both legs name the entry's bracket", () => {
    expect(bracketOf(order({ clientOrderId: 'bk.st.f1-7.2.sl' }))).toBe('entry st.f1-7.2');
    expect(bracketOf(order({ clientOrderId: 'bk.st.f1-7.2.tp', type: 'Limit', price: 20 }))).toBe(
      'entry st.f1-7.2',
    );
  });

  it('when an order has no link (a plain order, a ProjectX order the session did not link, one of our copies), then it is no leg', () => {
    expect(bracketOf(order({}))).toBeNull();
    expect(bracketOf(order({ clientOrderId: 'st.m1-4.2' }))).toBeNull();
    expect(bracketOf(order({ clientOrderId: 'bk.x.sl', type: 'Market' }))).toBeNull();
    // Only an id our adapter made: it starts with `bk.` and ends with the leg's `.sl` or `.tp`.
    expect(bracketOf(order({ clientOrderId: 'st.bk.x.sl' }))).toBeNull();
    expect(bracketOf(order({ clientOrderId: 'bk.x.sl.2' }))).toBeNull();
  });
});

describe("a leader's bracket on a paper follower", () => {
  it('when the leader opens a bracket, then the follower gets its legs as one linked pair, sized leader × ratio', async () => {
    const { h, price, follower } = await leaderBracket();
    expect(h.position(2, ES)).toBe(2);
    expect(legs(h.venue.workingOrders([follower]))).toEqual([
      ['Limit', 2, price + 20],
      ['Stop', 2, price - 20],
    ]);
    const sent = h.venue.received.filter((c) => c.accountExternalId === follower && c.type !== 'Market');
    expect(sent.map((c) => [c.type, c.oco?.type])).toEqual([['Stop', 'Limit']]);
    await h.engine.stop();
  });

  it("when one follower leg fills before the leader's, then the follower's other leg is cancelled at once and the leader's legs keep working", async () => {
    const { h, price, follower } = await leaderBracket();
    const target = h.venue.workingOrders([follower]).find((o) => o.type === 'Limit');
    // A person moves the follower's target to the market: it fills there alone.
    await (
      await h.hand(2)
    ).modifyOrder({
      accountExternalId: follower,
      orderId: target!.orderId,
      qty: 2,
      type: 'Limit',
      price: price - 1,
    });
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    expect(legs(h.venue.workingOrders([h.leaderExternalId]))).toEqual([
      ['Limit', 1, price + 20],
      ['Stop', 1, price - 20],
    ]);
    // Reconciliation brings the follower back to leader × ratio without taking a leg for an unknown order.
    await h.engine.autoSync(1);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 2]);
    await h.engine.stop();
  });

  it('when the leader moves its stop, then the follower stop follows and stays linked to its target', async () => {
    const { h, price, follower } = await leaderBracket();
    const leaderStop = h.venue.workingOrders([h.leaderExternalId]).find((o) => o.type === 'Stop');
    await h.leaderModify(leaderStop!.orderId, 1, price - 10, 'Stop');
    await h.settle();
    expect(legs(h.venue.workingOrders([follower]))).toEqual([
      ['Limit', 2, price + 20],
      ['Stop', 2, price - 10],
    ]);
    const target = h.venue.workingOrders([follower]).find((o) => o.type === 'Limit');
    await (
      await h.hand(2)
    ).modifyOrder({
      accountExternalId: follower,
      orderId: target!.orderId,
      qty: 2,
      type: 'Limit',
      price: price - 1,
    });
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    await h.engine.stop();
  });

  it("when the leader cancels its bracket, then the follower's legs are cancelled", async () => {
    const { h, follower } = await leaderBracket();
    for (const leg of h.venue.workingOrders([h.leaderExternalId]))
      await h.trader.cancelOrder(h.leaderExternalId, leg.orderId);
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    expect(h.position(2, ES)).toBe(2);
    await h.engine.stop();
  });

  it("when the follower's broker cannot link two orders, then it gets the legs as two separate mirrors", async () => {
    const { h, price, follower } = await leaderBracket((h) => {
      h.alterSessions((session) => {
        Object.defineProperty(session, 'linksOco', { value: false });
      });
    });
    expect(legs(h.venue.workingOrders([follower]))).toEqual([
      ['Limit', 2, price + 20],
      ['Stop', 2, price - 20],
    ]);
    const sent = h.venue.received.filter((c) => c.accountExternalId === follower && c.type !== 'Market');
    expect(sent.map((c) => [c.type, c.oco])).toEqual(
      expect.arrayContaining([
        ['Stop', undefined],
        ['Limit', undefined],
      ]),
    );
    expect(sent).toHaveLength(2);
    await h.engine.stop();
  });

  it.each([
    {
      when: 'the broker refuses the linked pair',
      find: undefined,
      outcome: { status: 'Canceled', reason: 'Not placed: its linked leg was not placed' },
    },
    {
      when: 'the pair is refused and the look-up of the target fails too',
      find: () => Promise.reject(new BrokerError('Too many requests', 'rate_limited')),
      outcome: {
        status: 'Rejected',
        reason: 'Outcome unknown: the broker did not answer; the position is reconciled',
      },
    },
  ])(
    'when $when, then the target is never sent on its own and its outcome says why',
    async ({ find, outcome }) => {
      const { h, prepared } = await leaderBracket((h) => {
        const scripted = new ScriptedFollower(h, 2);
        scripted.places.push(
          (command, place) => place(command),
          () => Promise.reject(new BrokerError('Bracket refused', 'rejected')),
        );
        if (find !== undefined) scripted.finds.push(find);
        return scripted;
      });
      const broker = prepared as ScriptedFollower;
      expect(broker.commands.map((c) => [c.type, c.oco?.type])).toEqual([
        ['Market', undefined],
        ['Stop', 'Limit'],
      ]);
      const target = [...h.store.intents.values()].find((i) => i.accountId === 2 && i.type === 'Limit');
      expect(target?.outcome).toMatchObject({ ...outcome, brokerOrderId: null });
      await h.engine.stop();
    },
  );

  it('when the leader bracket has a stop loss only, then after the wait for a sibling the stop is mirrored alone', async () => {
    const h = new Harness([{ ratio: 2 }], undefined, { bracketPairMs: 20 });
    await h.start();
    const price = h.venue.prices.price('ES');
    await h.leaderOrder({
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Market',
      bracket: { stopLoss: price - 20 },
    });
    const follower = h.directory.account(2).externalId;
    await until(() => h.venue.workingOrders([follower]).length > 0, 'the follower stop');
    await h.settle();
    expect(legs(h.venue.workingOrders([follower]))).toEqual([['Stop', 2, price - 20]]);
    expect(h.venue.received.filter((c) => c.accountExternalId === follower && c.oco !== undefined)).toEqual(
      [],
    );
    await h.engine.stop();
  });

  it('when the engine restarts after sending the pair but before recording it, then nothing is sent again and the legs still follow the leader', async () => {
    const h = new Harness([{ ratio: 2 }]);
    const record = h.store.recordOutcome.bind(h.store);
    let dying = true;
    // The process dies right after the pair left: no outcome of a leg is stored.
    h.store.recordOutcome = (outcome: CopyOutcome): void => {
      if (!(dying && outcome.clientOrderId.startsWith('st.m'))) record(outcome);
    };
    await h.start();
    const price = h.venue.prices.price('ES');
    await h.leaderOrder({
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Market',
      bracket: { stopLoss: price - 20, takeProfit: price + 20 },
    });
    await h.settle();
    dying = false;
    const follower = h.directory.account(2).externalId;
    expect((await h.store.unresolved([2])).map((i) => i.type).sort()).toEqual(['Limit', 'Stop']);
    await h.restart();
    await h.settle();
    expect(await h.store.unresolved([2])).toEqual([]);
    const sent = h.venue.received.filter((c) => c.accountExternalId === follower && c.type !== 'Market');
    expect(sent).toHaveLength(1);
    const leaderStop = h.venue.workingOrders([h.leaderExternalId]).find((o) => o.type === 'Stop');
    await h.leaderModify(leaderStop!.orderId, 1, price - 5, 'Stop');
    await h.settle();
    expect(legs(h.venue.workingOrders([follower]))).toEqual([
      ['Limit', 2, price + 20],
      ['Stop', 2, price - 5],
    ]);
    for (const leg of h.venue.workingOrders([h.leaderExternalId]))
      await h.trader.cancelOrder(h.leaderExternalId, leg.orderId);
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    expect(h.venue.received.filter((c) => c.accountExternalId === follower)).toHaveLength(2);
    await h.engine.stop();
  });
});

describe('two leader orders of one bracket that do not make a pair', () => {
  // A linked pair is a stop and a target closing the same position: same contract, same side, same size left.
  // Any other two legs of one bracket reach the follower as two separate mirrors, neither linked to the other.
  type Leg = Omit<Parameters<Harness['trader']['placeOrder']>[0], 'accountExternalId' | 'clientOrderId'>;
  const NQ = frontMonth('NQ');

  it.each<{ title: string; legs: (price: (root: ContractRoot) => number) => [Leg, Leg] }>([
    {
      title: 'two stops',
      legs: (price) => [
        { symbol: ES, side: 'sell', qty: 1, type: 'Stop', stopPrice: price('ES') - 20 },
        { symbol: ES, side: 'sell', qty: 1, type: 'Stop', stopPrice: price('ES') - 30 },
      ],
    },
    {
      title: 'two targets',
      legs: (price) => [
        { symbol: ES, side: 'sell', qty: 1, type: 'Limit', price: price('ES') + 20 },
        { symbol: ES, side: 'sell', qty: 1, type: 'Limit', price: price('ES') + 30 },
      ],
    },
    {
      title: 'a stop and a target on two contracts',
      legs: (price) => [
        { symbol: ES, side: 'sell', qty: 1, type: 'Stop', stopPrice: price('ES') - 20 },
        { symbol: NQ, side: 'sell', qty: 1, type: 'Limit', price: price('NQ') + 50 },
      ],
    },
    {
      title: 'a stop and a target on opposite sides',
      legs: (price) => [
        { symbol: ES, side: 'sell', qty: 1, type: 'Stop', stopPrice: price('ES') - 20 },
        { symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: price('ES') - 30 },
      ],
    },
    {
      title: 'a stop and a target of different sizes',
      legs: (price) => [
        { symbol: ES, side: 'sell', qty: 1, type: 'Stop', stopPrice: price('ES') - 20 },
        { symbol: ES, side: 'sell', qty: 2, type: 'Limit', price: price('ES') + 20 },
      ],
    },
  ])(
    'when the legs are $title, then each reaches the follower alone, at leader × ratio',
    async ({ legs: of }) => {
      const h = new Harness([{ ratio: 2 }]);
      await h.start();
      const follower = h.directory.account(2).externalId;
      const placed = of((root) => h.venue.prices.price(root));
      for (const [leg, end] of placed.map((leg, i): [Leg, string] => [leg, i === 0 ? 'sl' : 'tp']))
        await h.trader.placeOrder({
          ...leg,
          accountExternalId: h.leaderExternalId,
          clientOrderId: `bk.e1.${end}`,
        });
      await h.settle();
      const working = h.venue
        .workingOrders([follower])
        .map((o) => [o.symbol, o.side, o.type, o.qty, o.type === 'Stop' ? o.stopPrice : o.price]);
      expect(working.sort()).toEqual(
        placed
          .map((leg) => [
            leg.symbol,
            leg.side,
            leg.type,
            leg.qty * 2,
            leg.type === 'Stop' ? leg.stopPrice : leg.price,
          ])
          .sort(),
      );
      expect(h.venue.received.filter((c) => c.accountExternalId === follower && c.oco !== undefined)).toEqual(
        [],
      );
      await h.engine.stop();
    },
  );
});

describe('a leader leg that changes while it waits for its sibling', () => {
  // The wait for a sibling leg is ended by hand; every other wait of the engine runs on the system clock.
  const PAIR_WAIT_MS = 3_600_000;
  class PairWaitClock implements Clock {
    private readonly held: Array<() => void> = [];
    now = systemClock.now;
    every = systemClock.every;
    after(ms: number, job: () => void): () => void {
      if (ms !== PAIR_WAIT_MS) return systemClock.after(ms, job);
      this.held.push(job);
      return () => this.held.splice(this.held.indexOf(job), 1);
    }
    endPairWaits(): void {
      for (const job of this.held.splice(0)) job();
    }
  }

  /** The leader buys 1 ES with a stop loss only: the stop waits for a target that never comes. */
  async function stopWaiting(): Promise<{ h: Harness; clock: PairWaitClock; price: number; stopId: string }> {
    const clock = new PairWaitClock();
    const h = new Harness([{ ratio: 2 }], undefined, { bracketPairMs: PAIR_WAIT_MS }, undefined, clock);
    await h.start();
    const price = h.venue.prices.price('ES');
    await h.leaderOrder({
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Market',
      bracket: { stopLoss: price - 20 },
    });
    await h.settle();
    const stop = h.venue.workingOrders([h.leaderExternalId]).find((o) => o.type === 'Stop');
    expect(h.venue.workingOrders([h.directory.account(2).externalId])).toEqual([]);
    return { h, clock, price, stopId: stop!.orderId };
  }

  const followerStops = (h: Harness): Array<[string, number, number | null]> =>
    h.venue
      .workingOrders([h.directory.account(2).externalId])
      .map((o): [string, number, number | null] => [o.type, o.qty, o.stopPrice]);

  it('when the leader moves the waiting stop, then the follower gets it once, where the leader has it now', async () => {
    const { h, clock, price, stopId } = await stopWaiting();
    await h.leaderModify(stopId, 1, price - 10, 'Stop');
    await h.settle();
    clock.endPairWaits();
    await h.settle();
    expect(followerStops(h)).toEqual([['Stop', 2, price - 10]]);
    const follower = h.directory.account(2).externalId;
    expect(
      h.venue.received.filter((c) => c.accountExternalId === follower && c.type === 'Stop'),
    ).toHaveLength(1);
    await h.engine.stop();
  });

  it('when the leader cancels the waiting stop, then the follower never gets it', async () => {
    const { h, clock, stopId } = await stopWaiting();
    await h.trader.cancelOrder(h.leaderExternalId, stopId);
    await h.settle();
    clock.endPairWaits();
    await h.settle();
    expect(followerStops(h)).toEqual([]);
    const follower = h.directory.account(2).externalId;
    expect(h.venue.received.filter((c) => c.accountExternalId === follower && c.type === 'Stop')).toEqual([]);
    expect(h.position(2, ES)).toBe(2);
    await h.engine.stop();
  });

  it("when another leader order is placed and moved while the stop waits, then that order's mirror follows it and the stop still reaches the follower once", async () => {
    const { h, clock, price } = await stopWaiting();
    const limitId = await h.leaderOrder({
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Limit',
      price: price - 30,
    });
    await h.settle();
    await h.leaderModify(limitId!, 1, price - 35);
    await h.settle();
    const follower = h.directory.account(2).externalId;
    const working = (): Array<[string, number, number | null]> => legs(h.venue.workingOrders([follower]));
    expect(working()).toEqual([['Limit', 2, price - 35]]);
    clock.endPairWaits();
    await h.settle();
    expect(working()).toEqual([
      ['Limit', 2, price - 35],
      ['Stop', 2, price - 20],
    ]);
    expect(
      h.venue.received.filter((c) => c.accountExternalId === follower && c.type === 'Stop'),
    ).toHaveLength(1);
    await h.engine.stop();
  });
});

describe("a leader's bracket first seen part-filled", () => {
  it('when both legs have the same size left, then the follower gets them as one linked pair sized from what is left', async () => {
    const h = new Harness([{ ratio: 2 }]);
    // The leader's feed as its broker would send it: legs that had filled in part before the engine saw them.
    let feed: (event: BrokerEvent) => void = () => undefined;
    h.alterSessions((session) => {
      const subscribe = session.subscribe.bind(session);
      session.subscribe = (listener) => {
        feed = listener;
        return subscribe(listener);
      };
    });
    await h.start();
    const price = h.venue.prices.price('ES');
    const leg = (fields: Partial<BrokerOrder>): BrokerOrder =>
      order({ accountExternalId: h.leaderExternalId, parentOrderId: 'P1', ...fields });
    feed({
      kind: 'order',
      order: leg({ orderId: 'S1', type: 'Stop', qty: 3, filledQty: 1, stopPrice: price - 20 }),
    });
    feed({
      kind: 'order',
      order: leg({ orderId: 'T1', type: 'Limit', qty: 4, filledQty: 2, price: price + 20, stopPrice: null }),
    });
    await h.settle();
    const follower = h.directory.account(2).externalId;
    const sent = h.venue.received.filter((c) => c.accountExternalId === follower);
    expect(sent.map((c) => [c.type, c.qty, c.oco?.type])).toEqual([['Stop', 4, 'Limit']]);
    await h.engine.stop();
  });
});
