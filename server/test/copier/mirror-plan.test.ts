import { frontMonth } from '@synctrade/market';
import type { BrokerOrder } from '../../src/brokers/types';
import { planMirrors } from '../../src/copier/engine/mirror-plan';
import type { FollowerSetup } from './support/harness';
import { Harness, LEADER, USER } from './support/harness';

// A leader's resting orders reach each follower as mirrors sized leader × ratio, within the follower's limits;
// a mirror that cannot go is recorded with its reason. Prices stay away from the market so nothing fills.
const ES = frontMonth('ES');
const FOLLOWER = 2;

async function started(setup: FollowerSetup): Promise<{ h: Harness; price: number }> {
  const h = new Harness([setup]);
  await h.start();
  return { h, price: h.venue.prices.price('ES') };
}

const mirrors = (h: Harness): Array<[string, string, number, number | null, number | null, boolean]> =>
  [...h.store.intents.values()]
    .filter((intent) => intent.accountId === FOLLOWER && intent.type !== 'Market')
    .map((intent) => [intent.type, intent.side, intent.qty, intent.price, intent.stopPrice, intent.exit]);

const skips = (h: Harness): Array<[string, string, number, number | null, string, string]> =>
  h.store.skips
    .filter((skip) => skip.accountId === FOLLOWER)
    .map((skip) => [skip.type, skip.side, skip.qty, skip.price, skip.status, skip.reason]);

describe('mirrors of leader working orders', () => {
  it('when a mirror is as large as the max contracts per order, then it goes; one contract more and it is refused with the reason', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxContractsPerOrder: 2 } });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Limit', price: price - 20 });
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 3, type: 'Stop', stopPrice: price - 30 });
    await h.settle();
    expect(mirrors(h)).toEqual([['Limit', 'buy', 2, price - 20, null, false]]);
    expect(skips(h)).toEqual([
      ['Stop', 'sell', 3, price - 30, 'Rejected', 'Above the max contracts per order (2)'],
    ]);
    await h.engine.stop();
  });

  it('when resting mirrors on one side would together pass the max net position, then the one that passes it is refused', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxNetPosition: 3 } });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Limit', price: price - 20 });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: price - 25 });
    // Two and one rest: three at most if both fill, the limit itself. One more would pass it.
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: price - 30 });
    await h.settle();
    expect(mirrors(h)).toEqual([
      ['Limit', 'buy', 2, price - 20, null, false],
      ['Limit', 'buy', 1, price - 25, null, false],
    ]);
    expect(skips(h)).toEqual([
      ['Limit', 'buy', 1, price - 30, 'Rejected', 'Would pass the max net position (3)'],
    ]);
    await h.engine.stop();
  });

  it('when a follower holds a position at its max net position, then a mirror that reduces it still goes, as an exit', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxNetPosition: 2 } });
    await h.leaderTrades('buy', 2);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Limit', price: price + 20 });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: price - 20 });
    await h.settle();
    expect(mirrors(h)).toEqual([['Limit', 'sell', 1, price + 20, null, true]]);
    expect(skips(h).map((s) => s.slice(0, 2).concat(s.slice(4)))).toEqual([
      ['Limit', 'buy', 'Rejected', 'Would pass the max net position (2)'],
    ]);
    await h.engine.stop();
  });

  it('when the follower is flat or short, then a mirror is an entry or an exit as the position says', async () => {
    const { h, price } = await started({ ratio: 1 });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: price - 20 });
    await h.settle();
    await h.leaderTrades('sell', 1);
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Stop', stopPrice: price + 20 });
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Limit', price: price + 30 });
    await h.settle();
    expect(mirrors(h)).toEqual([
      ['Limit', 'buy', 1, price - 20, null, false],
      ['Stop', 'buy', 1, null, price + 20, true],
      ['Limit', 'sell', 1, price + 30, null, false],
    ]);
    await h.engine.stop();
  });

  it('when leader × ratio is below one contract, then no mirror goes and the reason is recorded as canceled', async () => {
    const { h, price } = await started({ ratio: 0.4 });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Stop', stopPrice: price + 20 });
    await h.settle();
    expect(mirrors(h)).toEqual([]);
    expect(skips(h)).toEqual([['Stop', 'buy', 0, price + 20, 'Canceled', 'Below one contract']]);
    expect(h.venue.workingOrders([h.directory.account(FOLLOWER).externalId])).toEqual([]);
    await h.engine.stop();
  });
});

describe('a leader order first seen already part-filled', () => {
  // A mirror covers what the leader's order has left to fill, at leader × ratio: the filled part is already in
  // the leader's position (and copied as a fill), so mirroring it again would double it.
  it.each([
    [3, 1, 2, 4],
    [5, 2, 1, 3],
    [6, 2, 0.5, 2],
  ])(
    'when the order is for %i with %i filled and the ratio is %s, then the mirror is for %i',
    async (qty, filledQty, ratio, mirrored) => {
      const { h, price } = await started({ ratio });
      const group = h.engine.groups.get(USER)!;
      const order: BrokerOrder = {
        orderId: 'seen-late',
        clientOrderId: null,
        accountExternalId: h.leaderExternalId,
        symbol: ES,
        side: 'buy',
        qty,
        filledQty,
        type: 'Limit',
        price: price - 20,
        stopPrice: null,
        status: 'Working',
        reason: null,
        parentOrderId: null,
        time: 0,
      };
      expect(group.leaders.get(0)?.accountId).toBe(LEADER);
      const plan = planMirrors(h.engine, group, group.leaders.get(0)!, order);
      expect(plan.intents.map((intent) => [intent.accountId, intent.side, intent.qty])).toEqual([
        [FOLLOWER, 'buy', mirrored],
      ]);
      await h.engine.stop();
    },
  );
});

describe('a leader fill copied next to resting mirrors', () => {
  const market = (h: Harness): Array<[string, number]> =>
    [...h.store.intents.values()]
      .filter((intent) => intent.accountId === FOLLOWER && intent.type === 'Market')
      .map((intent) => [intent.side, intent.qty]);

  it('when a resting buy mirror may still fill, then a buy copy is cut so both together stay within the max net position', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxNetPosition: 3 } });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Limit', price: price - 20 });
    await h.settle();
    await h.leaderTrades('buy', 2);
    // 2 resting + 1 bought = 3 if the mirror fills; the leader's 2 would make 4.
    expect(market(h)).toEqual([['buy', 1]]);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    await h.engine.stop();
  });

  it('when resting buy mirrors already fill the max net position, then the buy copy is refused with the reason', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxNetPosition: 2 } });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Limit', price: price - 20 });
    await h.settle();
    await h.leaderTrades('buy', 1);
    expect(market(h)).toEqual([]);
    expect(h.position(FOLLOWER, ES)).toBe(0);
    expect(skips(h)).toEqual([['Market', 'buy', 1, null, 'Rejected', 'Max net position (2) reached']]);
    await h.engine.stop();
  });

  it('when only a resting sell mirror rests, then a buy copy is not cut for it', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxNetPosition: 2 } });
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 2, type: 'Limit', price: price + 20 });
    await h.settle();
    await h.leaderTrades('buy', 2);
    expect(market(h)).toEqual([['buy', 2]]);
    await h.engine.stop();
  });

  it('when resting sell mirrors already fill the max net position short, then a sell copy is refused', async () => {
    const { h, price } = await started({ ratio: 1, risk: { maxNetPosition: 2 } });
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 2, type: 'Limit', price: price + 20 });
    await h.settle();
    await h.leaderTrades('sell', 1);
    expect([market(h), h.position(FOLLOWER, ES)]).toEqual([[], 0]);
    await h.engine.stop();
  });
});

describe('a leader modifies a resting order', () => {
  /** The follower's working orders as [type, side, size, price from the market], lowest price first. */
  const followerWorking = (h: Harness, price: number): Array<[string, string, number, number]> =>
    h.venue
      .workingOrders([h.directory.account(FOLLOWER).externalId])
      .map((o): [string, string, number, number] => [o.type, o.side, o.qty, (o.price ?? NaN) - price])
      .sort((a, b) => a[3] - b[3]);

  /** Limit buys, as every order of these examples is. */
  const limitBuys = (orders: Array<[number, number]>): Array<[string, string, number, number]> =>
    orders.map(([qty, offset]) => ['Limit', 'buy', qty, offset]);

  interface ModifyCase {
    title: string;
    setup: FollowerSetup;
    /** The leader's resting limit buys as [size, price from the market]; the last one is modified. */
    placed: Array<[number, number]>;
    /** The follower's mirrors once they rest, then after each modification [size, price from the market]. */
    mirrors: Array<[number, number]>;
    modifications: Array<{ to: [number, number]; mirrors: Array<[number, number]> }>;
  }

  it.each<ModifyCase>([
    {
      title: 'when the leader changes its size and price, then the mirror follows at leader × ratio',
      setup: { ratio: 2 },
      placed: [[1, -20]],
      mirrors: [[2, -20]],
      modifications: [{ to: [2, -25], mirrors: [[4, -25]] }],
    },
    {
      title:
        'when the leader grows its order past the follower max contracts per order, then the mirror is canceled, not grown',
      setup: { ratio: 1, risk: { maxContractsPerOrder: 2 } },
      placed: [[1, -20]],
      mirrors: [[1, -20]],
      modifications: [
        { to: [2, -20], mirrors: [[2, -20]] },
        { to: [3, -20], mirrors: [] },
      ],
    },
    {
      title:
        'when the leader grows its order past the follower max net position, then the mirror is canceled, not grown',
      setup: { ratio: 1, risk: { maxNetPosition: 2 } },
      placed: [[1, -20]],
      mirrors: [[1, -20]],
      modifications: [
        { to: [2, -20], mirrors: [[2, -20]] },
        { to: [3, -20], mirrors: [] },
      ],
    },
    {
      title:
        'when the leader shrinks its order below one contract at the follower ratio, then the mirror is canceled',
      setup: { ratio: 0.4 },
      placed: [[3, -20]],
      mirrors: [[1, -20]],
      modifications: [{ to: [1, -20], mirrors: [] }],
    },
    {
      title:
        'when another mirror rests on the same side, then a grown mirror counts it against the max net position',
      setup: { ratio: 1, risk: { maxNetPosition: 3 } },
      placed: [
        [1, -30],
        [1, -20],
      ],
      mirrors: [
        [1, -30],
        [1, -20],
      ],
      modifications: [
        {
          to: [2, -20],
          mirrors: [
            [1, -30],
            [2, -20],
          ],
        },
        { to: [3, -20], mirrors: [[1, -30]] },
      ],
    },
  ])('$title', async ({ setup, placed, mirrors: resting, modifications }) => {
    const { h, price } = await started(setup);
    let id: string | null = null;
    for (const [qty, offset] of placed)
      id = await h.leaderOrder({ symbol: ES, side: 'buy', qty, type: 'Limit', price: price + offset });
    await h.settle();
    expect(followerWorking(h, price)).toEqual(limitBuys(resting));
    for (const { to, mirrors: expected } of modifications) {
      await h.leaderModify(id ?? '', to[0], price + to[1]);
      await h.settle();
      expect(followerWorking(h, price)).toEqual(limitBuys(expected));
    }
    await h.engine.stop();
  });
});
