import type { Fill, FillSide, RoundTrip } from './types';

interface Lot {
  fill: Fill;
  open: number;
}

const EPSILON = 1e-9;

/** Rounds to `scale` and turns -0 into 0, so a scratch trade reads as 0. */
function round(value: number, scale: number): number {
  return Math.round(value * scale) / scale || 0;
}

function trip(lot: Lot, exit: Fill, qty: number, pointValue: number): RoundTrip {
  const side: FillSide = lot.fill.side;
  const direction = side === 'buy' ? 1 : -1;
  const points = (exit.price - lot.fill.price) * direction;
  return {
    account: exit.account,
    symbol: exit.symbol,
    side,
    qty,
    entryTime: lot.fill.time,
    exitTime: exit.time,
    entryPrice: lot.fill.price,
    exitPrice: exit.price,
    points: round(points, 1e6),
    pnl: round(points * qty * pointValue, 100),
    buyFillId: side === 'buy' ? lot.fill.id : exit.id,
    sellFillId: side === 'buy' ? exit.id : lot.fill.id,
  };
}

/**
 * Rebuilds closed round trips from executions, first in first out, per account and contract.
 * A fill against the open position closes the oldest lots first (partial closes leave the rest of a lot
 * open); a fill larger than the position closes it and opens the remainder the other way (a reversal).
 * One trip per matched (entry fill, exit fill) pair, like the broker's own performance report.
 * Fills still open at the end are returned in `open`.
 */
export function fifoRoundTrips(
  fills: readonly Fill[],
  pointValueOf: (symbol: string) => number,
): { trips: RoundTrip[]; open: Fill[] } {
  const ordered = [...fills].sort((a, b) => a.time - b.time);
  const books = new Map<string, Lot[]>();
  const trips: RoundTrip[] = [];
  for (const fill of ordered) {
    const key = `${fill.account}\u0000${fill.symbol}`;
    const lots = books.get(key) ?? [];
    books.set(key, lots);
    let remaining = fill.qty;
    while (remaining > EPSILON && lots[0] && lots[0].fill.side !== fill.side) {
      const lot = lots[0];
      const matched = Math.min(lot.open, remaining);
      trips.push(trip(lot, fill, matched, pointValueOf(fill.symbol)));
      lot.open -= matched;
      remaining -= matched;
      if (lot.open <= EPSILON) lots.shift();
    }
    if (remaining > EPSILON) lots.push({ fill, open: remaining });
  }
  const open = [...books.values()].flat().map((lot) => ({ ...lot.fill, qty: lot.open }));
  return { trips, open };
}
