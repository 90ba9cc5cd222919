export type FillSide = 'buy' | 'sell';

/** One execution, as a broker's fills list or export gives it. */
export interface Fill {
  id: string;
  /** Milliseconds since the epoch. */
  time: number;
  account: string;
  symbol: string;
  side: FillSide;
  qty: number;
  price: number;
}

/** One matched lot: an entry fill (or part of it) closed by an exit fill (or part of it). */
export interface FifoMatch<F extends Fill> {
  entry: F;
  exit: F;
  qty: number;
}

/** A fill (or what is left of it) that nothing has closed yet. */
export interface OpenLot<F extends Fill> {
  fill: F;
  qty: number;
}

// Quantities imported from files may be fractional; what is left below this is nothing.
const EPSILON = 1e-9;

/** Oldest first; fills of the same moment in the order the broker numbered them. */
function byTimeThenId(a: Fill, b: Fill): number {
  return a.time - b.time || a.id.localeCompare(b.id, 'en', { numeric: true });
}

/**
 * Matches fills first in first out, per account and contract. A fill against the open position closes the
 * oldest lots first (a partial close leaves the rest of a lot open); a fill larger than the position closes
 * it and opens the remainder the other way (a reversal). Matches come in the order they happen, so the
 * matches one exit fill makes stand next to each other.
 */
export function matchFifo<F extends Fill>(
  fills: readonly F[],
): { matches: FifoMatch<F>[]; open: OpenLot<F>[] } {
  const books = new Map<string, OpenLot<F>[]>();
  const matches: FifoMatch<F>[] = [];
  for (const fill of [...fills].sort(byTimeThenId)) {
    const key = `${fill.account}\u0000${fill.symbol}`;
    const lots = books.get(key) ?? [];
    books.set(key, lots);
    let remaining = fill.qty;
    while (remaining > EPSILON && lots[0] && lots[0].fill.side !== fill.side) {
      const lot = lots[0];
      const qty = Math.min(lot.qty, remaining);
      matches.push({ entry: lot.fill, exit: fill, qty });
      lot.qty -= qty;
      remaining -= qty;
      if (lot.qty <= EPSILON) lots.shift();
    }
    if (remaining > EPSILON) lots.push({ fill, qty: remaining });
  }
  return { matches, open: [...books.values()].flat() };
}
