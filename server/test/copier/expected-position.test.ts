import { DEFAULT_RISK } from '../../src/copier/engine/types';
import { frontMonth } from '@synctrade/market';
import { expectedFollowerPosition } from '../support/expected-position';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');

describe('leader × ratio, rounded half away from zero', () => {
  it.each([
    [1, 1.5, 2],
    [-1, 1.5, -2],
    [3, 0.5, 2],
    [-3, 0.5, -2],
    [5, 0.5, 3],
    [-5, 0.5, -3],
    [1, 0.5, 1],
    [-1, 0.5, -1],
    [3, 1.5, 5],
    [-3, 1.5, -5],
    [1, 0.3, 0],
    [-1, 0.3, 0],
    [2, 0.25, 1],
    [-2, 0.25, -1],
    [0, 3, 0],
    [7, 1, 7],
    [15, 4.1, 62],
    [-15, 4.1, -62],
    [50, 0.29, 15],
  ])('the oracle: leader %d at ratio %d → %d', (leader, ratio, follower) => {
    expect(expectedFollowerPosition(leader, ratio, 100)).toBe(follower);
  });

  it('the oracle holds the result within the max net position, long and short', () => {
    expect([expectedFollowerPosition(10, 3, 12), expectedFollowerPosition(-10, 3, 12)]).toEqual([12, -12]);
  });

  it.each([
    ['buy', 1, 1.5, 2],
    ['sell', 1, 1.5, -2],
    ['buy', 3, 0.5, 2],
    ['sell', 3, 0.5, -2],
    ['buy', 5, 0.5, 3],
    ['sell', 5, 0.5, -3],
    // Halves that binary floating point misses: 15 × 4.1 is 61.4999… there, 50 × 0.29 is 14.4999….
    ['buy', 15, 4.1, 62],
    ['sell', 15, 4.1, -62],
    ['buy', 50, 0.29, 15],
  ] as const)(
    'the engine: a leader %s of %d at ratio %d leaves the follower at %d',
    async (side, qty, ratio, follower) => {
      const h = new Harness([{ ratio, risk: { ...DEFAULT_RISK } }]);
      await h.start();
      await h.leaderOrder({ symbol: ES, side, qty, type: 'Market' });
      await h.settle();
      expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([side === 'buy' ? qty : -qty, follower]);
      await h.engine.stop();
    },
  );

  it('the engine: a resting order of 15 at ratio 4.1 is mirrored as 62 (the half rounds up)', async () => {
    const h = new Harness([
      { ratio: 4.1, risk: { ...DEFAULT_RISK, maxContractsPerOrder: 100, maxNetPosition: 100 } },
    ]);
    await h.start();
    await h.leaderRestingBuy(15);
    await h.settle();
    expect(h.venue.workingOrders([h.directory.account(2).externalId]).map((o) => o.qty)).toEqual([62]);
    await h.engine.stop();
  });
});
