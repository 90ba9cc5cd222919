import type { ImportTradeRow } from '@synctrade/api';
import { fifoRoundTrips, pointValue, type Fill } from '@synctrade/market';
import type { Columns, CsvRow } from './columns';
import { hashText, parseNumber, parseSide } from './values';
import { parseTradovateTime } from './timestamps';

/** One execution of a Fills export, or the reason the row cannot be used (`null`: an inactive fill). */
export function fillRow(columns: Columns, row: CsvRow, rowNumber: number): Fill | { problem: string } | null {
  if (columns.value(row, 'active')?.toLowerCase() === 'false') return null;
  const symbol = columns.value(row, 'Contract');
  if (!symbol) return { problem: 'Contract is missing' };
  if (pointValue(symbol) === null) return { problem: `contract ${symbol} has no known point value` };
  const side = parseSide(columns.value(row, 'B/S', 'action'));
  if (!side) return { problem: 'B/S is not Buy or Sell' };
  const qty = parseNumber(columns.value(row, 'Quantity', 'qty'));
  if (!(qty > 0)) return { problem: 'Quantity is not a positive number' };
  const price = parseNumber(columns.value(row, 'Price', 'price'));
  if (Number.isNaN(price)) return { problem: 'Price is not a number' };
  const time = parseTradovateTime(columns.value(row, 'timestamp', 'Timestamp'));
  if (time === null) return { problem: 'Timestamp is not a date (MM/DD/YYYY HH:MM:SS)' };
  const id =
    columns.value(row, 'Fill ID', 'id') ??
    `row-${hashText([symbol, side, qty, price, time].join('|'))}-${rowNumber}`;
  return {
    id,
    time,
    side,
    qty,
    price,
    symbol: symbol.toUpperCase(),
    account: columns.value(row, 'Account', 'account') ?? '',
  };
}

/**
 * Closed trades rebuilt FIFO from the executions (per account and contract); the ids match those of the
 * Performance export. `accounts`: each trade's account as the file names it.
 */
export function tradesFromFills(fills: readonly Fill[]): {
  trades: ImportTradeRow[];
  accounts: string[];
  openFills: number;
} {
  const { trips, open } = fifoRoundTrips(fills, (symbol) => pointValue(symbol) ?? 0);
  const trades = trips.map<ImportTradeRow>((trip) => ({
    symbol: trip.symbol,
    side: trip.side,
    qty: trip.qty,
    entry_time: new Date(trip.entryTime).toISOString(),
    exit_time: new Date(trip.exitTime).toISOString(),
    entry_price: trip.entryPrice,
    exit_price: trip.exitPrice,
    pnl: trip.pnl,
    external_id: `tradovate:${trip.buyFillId}:${trip.sellFillId}`,
  }));
  return { trades, accounts: trips.map((trip) => trip.account), openFills: open.length };
}
