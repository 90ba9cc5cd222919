import { matchFifo, type Fill, type FifoMatch, type FillSide } from './fills';
import { roundMoney, roundTo } from './money';

/** One closed trip of the broker's performance report: one entry fill (or part) against one exit fill. */
export interface RoundTrip {
  account: string;
  symbol: string;
  /** `buy` for a long trip, `sell` for a short one. */
  side: FillSide;
  qty: number;
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  exitPrice: number;
  /** Per contract, positive when the trip made money. */
  points: number;
  pnl: number;
  buyFillId: string;
  sellFillId: string;
}

function trip({ entry, exit, qty }: FifoMatch<Fill>, pointValue: number): RoundTrip {
  const side: FillSide = entry.side;
  const direction = side === 'buy' ? 1 : -1;
  const points = (exit.price - entry.price) * direction;
  return {
    account: exit.account,
    symbol: exit.symbol,
    side,
    qty,
    entryTime: entry.time,
    exitTime: exit.time,
    entryPrice: entry.price,
    exitPrice: exit.price,
    // Points without float noise: 21010.25 - 21000 is not exactly 10.25 in binary.
    points: roundTo(points, 6),
    pnl: roundMoney(points * qty * pointValue),
    buyFillId: side === 'buy' ? entry.id : exit.id,
    sellFillId: side === 'buy' ? exit.id : entry.id,
  };
}

/**
 * Rebuilds closed round trips from executions, first in first out (see `matchFifo`): one trip per matched
 * (entry fill, exit fill) pair, like the broker's own performance report. Fills still open at the end are
 * returned in `open`, with the quantity left.
 */
export function fifoRoundTrips(
  fills: readonly Fill[],
  pointValueOf: (symbol: string) => number,
): { trips: RoundTrip[]; open: Fill[] } {
  const { matches, open } = matchFifo(fills);
  return {
    trips: matches.map((match) => trip(match, pointValueOf(match.exit.symbol))),
    open: open.map((lot) => ({ ...lot.fill, qty: lot.qty })),
  };
}
