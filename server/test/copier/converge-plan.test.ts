import { convergePlan, type ConvergeInput } from '../../src/copier/engine/converge-plan';
import { DEFAULT_RISK } from '../../src/copier/engine/types';

const base: ConvergeInput = {
  side: 'buy',
  qty: 3,
  leaderPosition: 3,
  ratio: 1,
  bounds: DEFAULT_RISK,
  held: 0,
  exposure: { buy: 0, sell: 0 },
  ownDirectionOnly: false,
};

describe('converge, do not replay: a waiting copy planned again when its turn comes', () => {
  it('when the copy is still exactly what leader × ratio needs, then it goes as planned', () => {
    expect(convergePlan(base)).toEqual({ kind: 'as-planned' });
  });

  it('when the leader undid its order (buy 3 then sell 3), then nothing goes and the copy says it was superseded', () => {
    const decision = convergePlan({ ...base, leaderPosition: 0 });
    expect(decision).toEqual({
      kind: 'superseded',
      reason: "Superseded by the leader's later order: the follower holds 0, leader × ratio is 0",
    });
  });

  it('when the leader added since, then one merged order brings the follower to leader × ratio now', () => {
    const decision = convergePlan({ ...base, qty: 1, leaderPosition: 5, ratio: 2, held: 4 });
    expect(decision.kind).toBe('replanned');
    expect(decision.kind === 'replanned' && decision.parts).toEqual([{ side: 'buy', qty: 6, exit: false }]);
  });

  it('when the leader reversed, then the order goes the other way: the closing part first, never past the target', () => {
    const decision = convergePlan({ ...base, leaderPosition: -2, held: 3 });
    expect(decision.kind === 'replanned' && decision.parts).toEqual([
      { side: 'sell', qty: 3, exit: true },
      { side: 'sell', qty: 2, exit: false },
    ]);
    expect(decision.kind === 'replanned' && decision.reason).toBe(
      "Superseded by the leader's later order: re-planned as sell 3, sell 2 (the follower holds 3, leader × ratio is -2)",
    );
  });

  it('when the follower may only move the way the copy went (traded by hand, auto-sync off), then a move the other way is not made', () => {
    expect(convergePlan({ ...base, leaderPosition: -2, held: 3, ownDirectionOnly: true }).kind).toBe(
      'superseded',
    );
    expect(convergePlan({ ...base, qty: 1, leaderPosition: 2, held: 0, ownDirectionOnly: true })).toEqual({
      kind: 'replanned',
      parts: [{ side: 'buy', qty: 2, exit: false }],
      reason:
        "Superseded by the leader's later order: re-planned as buy 2 (the follower holds 0, leader × ratio is 2)",
    });
  });

  it('when resting mirrors on the same side could fill, then the move stops at the max net position, and none is left: nothing goes', () => {
    const bounds = { ...DEFAULT_RISK, maxNetPosition: 4 };
    expect(
      convergePlan({ ...base, qty: 3, leaderPosition: 6, bounds, held: 1, exposure: { buy: 2, sell: 0 } }),
    ).toMatchObject({ kind: 'replanned', parts: [{ side: 'buy', qty: 1, exit: false }] });
    expect(
      convergePlan({ ...base, qty: 1, leaderPosition: 6, bounds, held: 2, exposure: { buy: 2, sell: 0 } }),
    ).toEqual({
      kind: 'superseded',
      reason:
        "Superseded by the leader's later order: max net position (4) reached, the follower holds 2, leader × ratio is 4",
    });
  });

  it('when the move is larger than the max contracts per order, then it goes in parts', () => {
    const bounds = { ...DEFAULT_RISK, maxContractsPerOrder: 2 };
    const decision = convergePlan({ ...base, qty: 2, leaderPosition: 5, bounds });
    expect(decision.kind === 'replanned' && decision.parts.map((p) => p.qty)).toEqual([2, 2, 1]);
  });

  it('when the ratio rounds a half, then it rounds away from zero on both sides', () => {
    expect(convergePlan({ ...base, side: 'sell', qty: 2, leaderPosition: -1, ratio: 1.5 })).toEqual({
      kind: 'as-planned',
    });
  });

  it('when a sell copy may only move its own way and the leader still wants that sell, then it goes as planned', () => {
    expect(
      convergePlan({ ...base, side: 'sell', qty: 2, leaderPosition: -2, held: 0, ownDirectionOnly: true }),
    ).toEqual({ kind: 'as-planned' });
  });

  it('when the leader turned so the same quantity is needed the other way, then it is re-planned on that side, never sent as it was', () => {
    expect(convergePlan({ ...base, side: 'buy', qty: 2, leaderPosition: -2, held: 0 })).toEqual({
      kind: 'replanned',
      parts: [{ side: 'sell', qty: 2, exit: false }],
      reason:
        "Superseded by the leader's later order: re-planned as sell 2 (the follower holds 0, leader × ratio is -2)",
    });
  });

  it('when a sell move meets resting sell mirrors, then those (not the buy ones) count against the max net position', () => {
    const bounds = { ...DEFAULT_RISK, maxNetPosition: 4 };
    // Held -1; the resting sells could add -2, so at worst -3: one more sell reaches -4. The resting buys do not count.
    expect(
      convergePlan({
        ...base,
        side: 'sell',
        qty: 3,
        leaderPosition: -6,
        bounds,
        held: -1,
        exposure: { buy: 3, sell: -2 },
      }),
    ).toEqual({
      kind: 'replanned',
      parts: [{ side: 'sell', qty: 1, exit: false }],
      reason:
        "Superseded by the leader's later order: re-planned as sell 1 (the follower holds -1, leader × ratio is -4)",
    });
  });

  it('when resting mirrors already reach past the max net position, then a buy copy is dropped, never turned into a sell', () => {
    const bounds = { ...DEFAULT_RISK, maxNetPosition: 4 };
    expect(
      convergePlan({ ...base, qty: 1, leaderPosition: 4, bounds, held: 3, exposure: { buy: 3, sell: 0 } }),
    ).toEqual({
      kind: 'superseded',
      reason:
        "Superseded by the leader's later order: max net position (4) reached, the follower holds 3, leader × ratio is 4",
    });
  });

  it('when the move crosses flat and leaves the worst case no further from flat than it already is, then it goes whole, as a fresh copy does', () => {
    const bounds = { ...DEFAULT_RISK, maxNetPosition: 4 };
    // Short 6 (past a max lowered since) with a resting buy of 1: at worst -5 now, +5 after buying 10. Not worse.
    expect(
      convergePlan({ ...base, qty: 10, leaderPosition: 4, bounds, held: -6, exposure: { buy: 1, sell: 0 } }),
    ).toEqual({
      kind: 'replanned',
      parts: [
        { side: 'buy', qty: 6, exit: true },
        { side: 'buy', qty: 4, exit: false },
      ],
      reason:
        "Superseded by the leader's later order: re-planned as buy 6, buy 4 (the follower holds -6, leader × ratio is 4)",
    });
  });
});
