import type { BrokerOrder, BrokerPosition } from '../../src/brokers/types';
import {
  WAITING_FOR_LEADER_TRADE,
  correctionIntents,
  differing,
  followerOrderActions,
  followerTargets,
  followerVerdict,
  inflightByContract,
  mirrorsOverLimit,
  sameCounts,
  splitByHand,
  type Move,
} from '../../src/copier/engine/reconcile-plan';
import type { MirrorExposure } from '../../src/copier/engine/state';

/*
 * Reconciliation's rule, example by example: a follower holds leader × ratio (halves away from zero, within its
 * max net position), counting what its broker holds plus copies on their way; mirrors of leader orders that
 * still work are kept and those of gone leader orders canceled; a difference made by hand is left alone until
 * Sync; auto-sync off only flags; corrections are market orders, exits first, in parts no larger than the max
 * per order.
 */

const RISK = { maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 0 };
const FOLLOWER = { id: 7, userId: 3, externalId: 'F1', ratio: 2, cross: false };

const position = (symbol: string, netPos: number, accountExternalId = 'F1'): BrokerPosition => ({
  accountExternalId,
  symbol,
  netPos,
  avgPrice: 5000,
});

function order(over: Partial<BrokerOrder>): BrokerOrder {
  return {
    orderId: 'o1',
    clientOrderId: null,
    accountExternalId: 'F1',
    symbol: 'ESZ6',
    side: 'buy',
    qty: 1,
    filledQty: 0,
    type: 'Limit',
    price: 4990,
    stopPrice: null,
    status: 'Working',
    reason: null,
    parentOrderId: null,
    time: 0,
    ...over,
  };
}

const exposure = (signedQty: number, over: Partial<MirrorExposure> = {}): MirrorExposure => ({
  leaderOrderId: 'L1',
  accountId: 7,
  symbol: 'ESZ6',
  signedQty,
  ...over,
});

describe('followerTargets', () => {
  it('when the leader is long 3 at ratio 2 and the follower holds 4 with 1 more on its way, then ES is 5 → 6', () => {
    const targets = followerTargets({
      leaderPositions: new Map([['ESZ6', 3]]),
      brokerPositions: [position('ESZ6', 4), position('ESZ6', 9, 'OTHER')],
      inflight: new Map([['ESZ6', 1]]),
      follower: FOLLOWER,
      bounds: RISK,
    });
    expect(targets).toEqual([{ symbol: 'ESZ6', actual: 5, desired: 6 }]);
  });

  it('when the follower holds a contract the leader does not, then its target is flat', () => {
    const targets = followerTargets({
      leaderPositions: new Map(),
      brokerPositions: [position('NQZ6', -2)],
      inflight: new Map(),
      follower: FOLLOWER,
      bounds: RISK,
    });
    expect(targets).toEqual([{ symbol: 'NQZ6', actual: -2, desired: 0 }]);
  });

  it('when copies in flight alone make the position, then they count as held', () => {
    const targets = followerTargets({
      leaderPositions: new Map([['ESZ6', -1]]),
      brokerPositions: [],
      inflight: new Map([['ESZ6', -2]]),
      follower: FOLLOWER,
      bounds: RISK,
    });
    expect(targets).toEqual([{ symbol: 'ESZ6', actual: -2, desired: -2 }]);
  });

  it('when the ratio gives a half, then it rounds away from zero long and short, within the max net position', () => {
    const at = (leader: number, ratio: number, maxNetPosition = 100): number =>
      followerTargets({
        leaderPositions: new Map([['ESZ6', leader]]),
        brokerPositions: [],
        inflight: new Map(),
        follower: { ...FOLLOWER, ratio },
        bounds: { ...RISK, maxNetPosition },
      })[0]!.desired;
    expect([
      at(1, 1.5),
      at(-1, 1.5),
      at(3, 0.5),
      at(-3, 0.5),
      at(1, 0.3),
      at(10, 1, 4),
      at(-10, 1, 4),
    ]).toEqual([2, -2, 2, -2, 0, 4, -4]);
  });

  it('when the follower copies Cross, then the leader ES is held as MES on the follower', () => {
    const targets = followerTargets({
      leaderPositions: new Map([['ESZ6', 2]]),
      brokerPositions: [position('MESZ6', 1)],
      inflight: new Map(),
      follower: { ...FOLLOWER, ratio: 1, cross: true },
      bounds: RISK,
    });
    expect(targets).toEqual([{ symbol: 'MESZ6', actual: 1, desired: 2 }]);
  });

  it('when the check is limited to some leader contracts, then only those (as the follower trades them) are looked at', () => {
    const input = {
      leaderPositions: new Map([
        ['ESZ6', 1],
        ['NQZ6', 1],
      ]),
      brokerPositions: [position('CLF7', 3)],
      inflight: new Map<string, number>(),
      bounds: RISK,
      leaderSymbols: ['NQZ6'],
    };
    expect(followerTargets({ ...input, follower: FOLLOWER })).toEqual([
      { symbol: 'NQZ6', actual: 0, desired: 2 },
    ]);
    expect(followerTargets({ ...input, follower: { ...FOLLOWER, ratio: 1, cross: true } })).toEqual([
      { symbol: 'MNQZ6', actual: 0, desired: 1 },
    ]);
  });

  it('only the contracts off target need a correction', () => {
    const targets: Move[] = [
      { symbol: 'ESZ6', actual: 2, desired: 2 },
      { symbol: 'NQZ6', actual: 0, desired: -1 },
    ];
    expect(differing(targets)).toEqual([{ symbol: 'NQZ6', actual: 0, desired: -1 }]);
  });
});

describe('copies in flight', () => {
  it('are summed per contract with their sign', () => {
    const total = inflightByContract([
      { symbol: 'ESZ6', signedRemaining: 2 },
      { symbol: 'ESZ6', signedRemaining: -3 },
      { symbol: 'NQZ6', signedRemaining: 1 },
    ]);
    expect([...total]).toEqual([
      ['ESZ6', -1],
      ['NQZ6', 1],
    ]);
  });

  it('are the same count only when every contract has the same total', () => {
    const a = new Map([['ESZ6', 1]]);
    expect(sameCounts(a, new Map([['ESZ6', 1]]))).toBe(true);
    expect(sameCounts(a, new Map([['ESZ6', 2]]))).toBe(false);
    expect(sameCounts(a, new Map([['NQZ6', 1]]))).toBe(false);
    expect(sameCounts(a, new Map())).toBe(false);
    expect(sameCounts(new Map(), new Map())).toBe(true);
    expect(sameCounts(new Map(), a)).toBe(false);
  });
});

describe('followerOrderActions', () => {
  it('when a mirror copies a leader order that still works, then it is kept with its unfilled rest, signed', () => {
    const actions = followerOrderActions(
      [
        order({ orderId: 'f9', clientOrderId: 'st.m1-L5.7', side: 'sell', qty: 5, filledQty: 2 }),
        order({ orderId: 'f8', clientOrderId: 'st.m1-L6.7', side: 'buy', qty: 2, filledQty: 1 }),
      ],
      7,
      1,
      new Set(['L5', 'L6']),
    );
    expect(actions).toEqual([
      {
        kind: 'keep-mirror',
        clientOrderId: 'st.m1-L5.7',
        orderId: 'f9',
        exposure: { leaderOrderId: 'L5', accountId: 7, symbol: 'ESZ6', signedQty: -3 },
      },
      {
        kind: 'keep-mirror',
        clientOrderId: 'st.m1-L6.7',
        orderId: 'f8',
        exposure: { leaderOrderId: 'L6', accountId: 7, symbol: 'ESZ6', signedQty: 1 },
      },
    ]);
  });

  it('when a mirror copies a leader order that is gone, then it is canceled', () => {
    const actions = followerOrderActions(
      [order({ orderId: 'f2', clientOrderId: 'st.m1-L4.7.1' })],
      7,
      1,
      new Set(['L5']),
    );
    expect(actions).toEqual([{ kind: 'cancel-stray', clientOrderId: 'st.m1-L4.7.1', orderId: 'f2' }]);
  });

  it('when orders were placed by hand, copied from a fill, or mirror another leader, then they are left alone', () => {
    const actions = followerOrderActions(
      [
        order({ clientOrderId: null }),
        order({ clientOrderId: 'mine-1' }),
        order({ clientOrderId: 'st.f1-x9.7' }),
        order({ clientOrderId: 'st.m2-L5.7' }),
      ],
      7,
      1,
      new Set(['L5']),
    );
    expect(actions).toEqual([]);
  });
});

describe('mirrorsOverLimit', () => {
  it('when resting buy mirrors could carry the follower past its max net position, then the first ones go until the rest fits', () => {
    const trims = mirrorsOverLimit(
      [
        ['a', exposure(2)],
        ['b', exposure(2)],
        ['c', exposure(1)],
      ],
      7,
      'ESZ6',
      3,
      5,
    );
    // 3 + 5 = 8 > 5: drop a (3 + 3 = 6 > 5), drop b (3 + 1 = 4 ≤ 5), keep c.
    expect(trims).toEqual([
      { clientOrderId: 'a', side: 'buy', qty: 2 },
      { clientOrderId: 'b', side: 'buy', qty: 2 },
    ]);
  });

  it('when sell mirrors could carry a short past the limit, then they go, and buys that only reduce it stay', () => {
    const trims = mirrorsOverLimit(
      [
        ['buy', exposure(4)],
        ['sell', exposure(-3)],
      ],
      7,
      'ESZ6',
      -4,
      5,
    );
    expect(trims).toEqual([{ clientOrderId: 'sell', side: 'sell', qty: 3 }]);
  });

  it('when the mirrors fit exactly, or belong to another follower or contract, then none goes', () => {
    const exposures: [string, MirrorExposure][] = [
      ['a', exposure(2)],
      ['other-follower', exposure(9, { accountId: 8 })],
      ['other-contract', exposure(9, { symbol: 'NQZ6' })],
    ];
    expect(mirrorsOverLimit(exposures, 7, 'ESZ6', 3, 5)).toEqual([]);
    expect(mirrorsOverLimit(exposures, 7, 'ESZ6', -3, 5)).toEqual([]);
  });
});

describe('splitByHand', () => {
  const moves: Move[] = [
    { symbol: 'ESZ6', actual: 0, desired: 2 },
    { symbol: 'NQZ6', actual: 1, desired: 0 },
  ];

  it('when a contract was traded by hand, then its difference is left alone and the others are corrected', () => {
    const split = splitByHand(moves, new Set(['ESZ6']), { overrideHand: false, wholeAccount: true });
    expect(split).toEqual({ release: [], byHand: [moves[0]], toCorrect: [moves[1]] });
  });

  it('when a contract held by hand is back at leader × ratio, then it is released, but only when every contract was looked at', () => {
    const held = new Set(['CLF7', 'ESZ6']);
    expect(splitByHand(moves, held, { overrideHand: false, wholeAccount: true }).release).toEqual(['CLF7']);
    expect(splitByHand(moves, held, { overrideHand: false, wholeAccount: false }).release).toEqual([]);
  });

  it('when the user pressed Sync, then every contract is released and corrected', () => {
    const split = splitByHand(moves, new Set(['ESZ6', 'CLF7']), { overrideHand: true, wholeAccount: false });
    expect(split).toEqual({ release: ['ESZ6', 'CLF7'], byHand: [], toCorrect: moves });
  });
});

describe('followerVerdict', () => {
  const off: Move = { symbol: 'ESZ6', actual: 1, desired: 4 };
  const base = { force: false, autoSync: true, waitsForLeaderTrade: false };

  it('when nothing differs, then the follower is in sync', () => {
    expect(followerVerdict({ ...base, split: { byHand: [], toCorrect: [] } })).toEqual({ kind: 'in-sync' });
  });

  it('when only differences made by hand remain, then they are shown and left alone, even when forced', () => {
    expect(followerVerdict({ ...base, force: true, split: { byHand: [off], toCorrect: [] } })).toEqual({
      kind: 'held-by-hand',
      reason:
        "Out of sync (ESZ6: 1, leader × ratio: 4): traded by hand, left as it is until the leader's next entry or Sync",
    });
  });

  it('when the follower waits for the new leader trade, then it is only flagged, until a forced check aligns it', () => {
    const split = { byHand: [], toCorrect: [off] };
    expect(followerVerdict({ ...base, waitsForLeaderTrade: true, split })).toEqual({
      kind: 'waiting-for-leader',
      reason: WAITING_FOR_LEADER_TRADE,
    });
    expect(followerVerdict({ ...base, waitsForLeaderTrade: true, force: true, split })).toEqual({
      kind: 'correct',
      endWait: true,
    });
  });

  it('when auto-sync is off, then the difference is flagged with every contract, unless the check is forced', () => {
    const other: Move = { symbol: 'NQZ6', actual: 0, desired: -2 };
    const split = { byHand: [], toCorrect: [off, other] };
    expect(followerVerdict({ ...base, autoSync: false, split })).toEqual({
      kind: 'flag',
      differences: 'ESZ6: 1, leader × ratio: 4; NQZ6: 0, leader × ratio: -2',
      reason: 'Out of sync (ESZ6: 1, leader × ratio: 4; NQZ6: 0, leader × ratio: -2)',
    });
    expect(followerVerdict({ ...base, autoSync: false, force: true, split })).toEqual({
      kind: 'correct',
      endWait: false,
    });
  });

  it('when auto-sync is on, then the difference is corrected', () => {
    expect(followerVerdict({ ...base, split: { byHand: [off], toCorrect: [off] } })).toEqual({
      kind: 'correct',
      endWait: false,
    });
  });
});

describe('correctionIntents', () => {
  it('when a follower long 2 must be short 3, then it sells market: the exit of 2 first, then the entry of 3 in parts of 2', () => {
    const intents = correctionIntents('s7-k1', { id: 7, userId: 3 }, { ...RISK, maxContractsPerOrder: 2 }, [
      { symbol: 'ESZ6', actual: 2, desired: -3 },
      { symbol: 'NQZ6', actual: 0, desired: 1 },
    ]);
    expect(intents.map((i) => [i.clientOrderId, i.symbol, i.side, i.qty, i.exit])).toEqual([
      ['st.s7-k1.7', 'ESZ6', 'sell', 2, true],
      ['st.s7-k1.7.1', 'ESZ6', 'sell', 2, false],
      ['st.s7-k1.7.2', 'ESZ6', 'sell', 1, false],
      ['st.s7-k1.7.3', 'NQZ6', 'buy', 1, false],
    ]);
    expect(intents[0]).toEqual({
      clientOrderId: 'st.s7-k1.7',
      eventKey: 's7-k1',
      userId: 3,
      accountId: 7,
      symbol: 'ESZ6',
      side: 'sell',
      qty: 2,
      type: 'Market',
      price: null,
      stopPrice: null,
      exit: true,
      leaderOrderId: null,
    });
  });

  it('when nothing differs, then nothing is sent', () => {
    expect(correctionIntents('s7-k2', { id: 7, userId: 3 }, RISK, [])).toEqual([]);
  });
});
