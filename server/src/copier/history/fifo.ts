import { matchFifo, pointValue, roundMoney, type Fill } from '@synctrade/market';

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

type RowFill = Fill & { row: FillRow };

/**
 * Completed round trips from fills, first in first out (`matchFifo`), per account and contract: every fill
 * that closes open lots makes one round trip (quantity-weighted entry, the first lot's entry time), so the
 * closing fill's id names the trip. P&L is in account currency from the contract's point value (1 for a
 * product without one).
 */
export function roundTrips(fills: readonly FillRow[]): RoundTrip[] {
  const { matches } = matchFifo<RowFill>(
    fills.map((row) => ({
      id: row.fillId,
      time: row.time.getTime(),
      account: String(row.accountId),
      symbol: row.symbol,
      side: row.side,
      qty: row.qty,
      price: row.price,
      row,
    })),
  );
  const trips: RoundTrip[] = [];
  let current: { exit: RowFill; entry: FillRow; qty: number; entryValue: number } | undefined;
  const close = (): void => {
    if (current === undefined) return;
    const { exit, entry, qty, entryValue } = current;
    const entryPrice = entryValue / qty;
    const direction = entry.side === 'buy' ? 1 : -1;
    trips.push({
      externalId: `fifo:${exit.row.accountId}:${exit.id}`,
      accountId: exit.row.accountId,
      symbol: exit.symbol,
      side: entry.side,
      qty,
      entryTime: entry.time,
      exitTime: exit.row.time,
      entryPrice,
      exitPrice: exit.price,
      pnl: roundMoney((exit.price - entryPrice) * qty * direction * (pointValue(exit.symbol) ?? 1)),
    });
  };
  for (const match of matches) {
    if (current?.exit === match.exit) {
      current.qty += match.qty;
      current.entryValue += match.qty * match.entry.price;
      continue;
    }
    close();
    current = {
      exit: match.exit,
      entry: match.entry.row,
      qty: match.qty,
      entryValue: match.qty * match.entry.price,
    };
  }
  close();
  return trips;
}
