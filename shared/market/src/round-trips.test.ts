import { fifoRoundTrips } from './round-trips';
import { pointValue } from './contracts';
import type { Fill } from './fills';

let clock = 0;
function fill(
  id: string,
  side: 'buy' | 'sell',
  qty: number,
  price: number,
  symbol = 'ESZ6',
  account = 'A1',
): Fill {
  clock += 1000;
  return { id, side, qty, price, symbol, account, time: clock };
}
const value = (symbol: string): number => pointValue(symbol) ?? 0;

describe('fifoRoundTrips', () => {
  it('when a long is opened and closed, then one trip with points × qty × point value', () => {
    const { trips, open } = fifoRoundTrips(
      [fill('1', 'buy', 2, 21000, 'MNQZ6'), fill('2', 'sell', 2, 21010, 'MNQZ6')],
      value,
    );
    expect(trips).toEqual([
      expect.objectContaining({
        side: 'buy',
        qty: 2,
        entryPrice: 21000,
        exitPrice: 21010,
        points: 10,
        pnl: 40,
        buyFillId: '1',
        sellFillId: '2',
      }),
    ]);
    expect(open).toEqual([]);
  });

  it('when a position is closed in parts, then each part is a trip and losses are negative', () => {
    const { trips } = fifoRoundTrips(
      [fill('1', 'buy', 3, 6000), fill('2', 'sell', 1, 6002), fill('3', 'sell', 2, 5999)],
      value,
    );
    // 1 × 2 points × $50 = $100; 2 × -1 point × $50 = -$100.
    expect(trips.map((t) => [t.qty, t.points, t.pnl, t.sellFillId])).toEqual([
      [1, 2, 100, '2'],
      [2, -1, -100, '3'],
    ]);
  });

  it('when a fill is larger than the position, then it closes it and opens the rest the other way', () => {
    const { trips, open } = fifoRoundTrips(
      [
        fill('1', 'buy', 1, 21000, 'NQZ6'),
        fill('2', 'sell', 3, 21005, 'NQZ6'),
        fill('3', 'buy', 2, 21010, 'NQZ6'),
      ],
      value,
    );
    // Long 1 @ 21000 → 21005: +5 × $20 = $100. Short 2 @ 21005 → 21010: -5 × 2 × $20 = -$200.
    expect(trips.map((t) => [t.side, t.qty, t.points, t.pnl, t.buyFillId, t.sellFillId])).toEqual([
      ['buy', 1, 5, 100, '1', '2'],
      ['sell', 2, -5, -200, '3', '2'],
    ]);
    expect(open).toEqual([]);
  });

  it('when several lots are open, then the oldest closes first', () => {
    const { trips, open } = fifoRoundTrips(
      [fill('a', 'buy', 1, 100), fill('b', 'buy', 1, 102), fill('c', 'sell', 1, 101)],
      value,
    );
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ buyFillId: 'a', points: 1, pnl: 50 });
    expect(open).toEqual([expect.objectContaining({ id: 'b', qty: 1 })]);
  });

  it('when the exit price equals the entry, then the trip is a scratch with pnl 0', () => {
    const { trips } = fifoRoundTrips(
      [fill('1', 'sell', 1, 75.5, 'CLZ6'), fill('2', 'buy', 1, 75.5, 'CLZ6')],
      value,
    );
    expect(trips[0]).toMatchObject({ side: 'sell', points: 0, pnl: 0 });
  });

  it('when fills arrive out of order or in other accounts and contracts, then they never net together', () => {
    const late = fill('2', 'sell', 1, 6010);
    const early = fill('1', 'buy', 1, 6000);
    const other = fill('3', 'sell', 1, 6020, 'ESZ6', 'A2');
    const micro = fill('4', 'sell', 1, 6020, 'MESZ6');
    const { trips, open } = fifoRoundTrips([late, other, micro, { ...early, time: 0 }], value);
    expect(trips).toEqual([expect.objectContaining({ pnl: 500, account: 'A1', symbol: 'ESZ6' })]);
    expect(open.map((f) => f.id).sort()).toEqual(['3', '4']);
  });
});

describe('pointValue', () => {
  it('when given Tradovate contract names, then it knows the root', () => {
    expect([
      pointValue('MNQZ6'),
      pointValue('ESH7'),
      pointValue('MGCG7'),
      pointValue('CL'),
      pointValue('XYZZ6'),
    ]).toEqual([2, 50, 10, 1000, null]);
  });
});
