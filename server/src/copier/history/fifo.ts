import { specOf } from '../../market/contracts';

export interface FillRow {
  fillId: string;
  accountId: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
  price: number;
  time: Date;
}

export interface RoundTrip {
  externalId: string;
  accountId: number;
  symbol: string;
  /** The side of the position that was opened. */
  side: 'buy' | 'sell';
  qty: number;
  entryTime: Date;
  exitTime: Date;
  entryPrice: number;
  exitPrice: number;
  pnl: number;
}

interface Lot {
  qty: number;
  price: number;
  time: Date;
}

/**
 * Completed round trips from fills, first in first out, per account and contract: every fill that closes
 * open lots makes one round trip (quantity-weighted entry), and what it opens beyond them starts new lots.
 * P&L is in account currency from the contract's point value.
 */
export function roundTrips(fills: readonly FillRow[]): RoundTrip[] {
  const books = new Map<string, { long: boolean; lots: Lot[] }>();
  const trips: RoundTrip[] = [];
  const ordered = [...fills].sort(
    (a, b) =>
      a.time.getTime() - b.time.getTime() || a.fillId.localeCompare(b.fillId, 'en', { numeric: true }),
  );
  for (const fill of ordered) {
    const key = `${fill.accountId}|${fill.symbol}`;
    const book = books.get(key) ?? { long: fill.side === 'buy', lots: [] };
    books.set(key, book);
    let left = fill.qty;
    const buying = fill.side === 'buy';
    if (book.lots.length > 0 && book.long !== buying) {
      let closed = 0;
      let entryValue = 0;
      let entryTime = fill.time;
      while (left > 0 && book.lots.length > 0) {
        const lot = book.lots[0] as Lot;
        const take = Math.min(lot.qty, left);
        if (closed === 0) entryTime = lot.time;
        closed += take;
        entryValue += take * lot.price;
        lot.qty -= take;
        left -= take;
        if (lot.qty === 0) book.lots.shift();
      }
      const entryPrice = entryValue / closed;
      const direction = book.long ? 1 : -1;
      const pointValue = specOf(fill.symbol)?.pointValue ?? 1;
      trips.push({
        externalId: `fifo:${fill.accountId}:${fill.fillId}`,
        accountId: fill.accountId,
        symbol: fill.symbol,
        side: book.long ? 'buy' : 'sell',
        qty: closed,
        entryTime,
        exitTime: fill.time,
        entryPrice,
        exitPrice: fill.price,
        pnl: Math.round((fill.price - entryPrice) * closed * direction * pointValue * 100) / 100,
      });
    }
    if (left > 0) {
      if (book.lots.length === 0) book.long = buying;
      book.lots.push({ qty: left, price: fill.price, time: fill.time });
    }
  }
  return trips;
}
