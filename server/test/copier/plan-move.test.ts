import { planMove, signed } from '../../src/copier/engine/sizing';

/*
 * The rule: a move from one position to another is one side; the part that closes the held position (an
 * exit, served first by the budget) goes before the part that opens, each cut into parts no larger than the
 * max per order.
 */

const risk = (maxContractsPerOrder: number) => ({
  maxContractsPerOrder,
  maxNetPosition: 100,
  dailyLossLimit: 0,
});

describe('planMove', () => {
  it('when a long adds, then it is one entry, not an exit', () => {
    expect(planMove(2, 5, risk(50))).toEqual([{ side: 'buy', qty: 3, exit: false }]);
  });

  it('when a short adds, then it is one entry sold', () => {
    expect(planMove(-2, -5, risk(50))).toEqual([{ side: 'sell', qty: 3, exit: false }]);
  });

  it('when a flat follower opens short, then it is an entry sold', () => {
    expect(planMove(0, -2, risk(50))).toEqual([{ side: 'sell', qty: 2, exit: false }]);
  });

  it('when a long is reduced, then it is an exit only', () => {
    expect(planMove(5, 2, risk(50))).toEqual([{ side: 'sell', qty: 3, exit: true }]);
  });

  it('when a long reverses to short, then the exit of the long goes before the short entry, in parts', () => {
    expect(planMove(3, -4, risk(2))).toEqual([
      { side: 'sell', qty: 2, exit: true },
      { side: 'sell', qty: 1, exit: true },
      { side: 'sell', qty: 2, exit: false },
      { side: 'sell', qty: 2, exit: false },
    ]);
  });

  it('when nothing moves, then nothing is planned', () => {
    expect(planMove(4, 4, risk(2))).toEqual([]);
  });

  it('a buy is positive and a sell negative', () => {
    expect([signed('buy', 3), signed('sell', 3)]).toEqual([3, -3]);
  });
});
