import type { ImportTradeRow } from '@synctrade/api';
import type { Columns, CsvRow } from './columns';
import { hashText, parseMoney, parseNumber } from './values';
import { parseTradovateTime } from './timestamps';

/** Row problem text, without the row number. */
export type RowResult = ImportTradeRow | { problem: string };

/**
 * One Performance row is one closed round trip. A short trade sold before it bought back, so the entry is
 * whichever of the two timestamps comes first. The file's pnl is kept as the broker computed it.
 */
export function performanceRow(columns: Columns, row: CsvRow): RowResult {
  const symbol = columns.value(row, 'symbol');
  if (!symbol) return { problem: 'symbol is missing' };
  const qty = parseNumber(columns.value(row, 'qty'));
  if (!(qty > 0)) return { problem: 'qty is not a positive number' };
  const buyPrice = parseNumber(columns.value(row, 'buyPrice'));
  if (Number.isNaN(buyPrice)) return { problem: 'buyPrice is not a number' };
  const sellPrice = parseNumber(columns.value(row, 'sellPrice'));
  if (Number.isNaN(sellPrice)) return { problem: 'sellPrice is not a number' };
  const pnl = parseMoney(columns.value(row, 'pnl'));
  if (Number.isNaN(pnl)) return { problem: 'pnl is not a number' };
  const bought = parseTradovateTime(columns.value(row, 'boughtTimestamp'));
  if (bought === null) return { problem: 'boughtTimestamp is not a date (MM/DD/YYYY HH:MM:SS)' };
  const sold = parseTradovateTime(columns.value(row, 'soldTimestamp'));
  if (sold === null) return { problem: 'soldTimestamp is not a date (MM/DD/YYYY HH:MM:SS)' };
  const short = sold < bought;
  const buyFillId = columns.value(row, 'buyFillId');
  const sellFillId = columns.value(row, 'sellFillId');
  const external_id =
    buyFillId && sellFillId
      ? `tradovate:${buyFillId}:${sellFillId}`
      : `tradovate-perf:${hashText([symbol, qty, buyPrice, sellPrice, pnl, bought, sold].join('|'))}`;
  return {
    symbol: symbol.toUpperCase(),
    side: short ? 'sell' : 'buy',
    qty,
    entry_time: new Date(short ? sold : bought).toISOString(),
    exit_time: new Date(short ? bought : sold).toISOString(),
    entry_price: short ? sellPrice : buyPrice,
    exit_price: short ? buyPrice : sellPrice,
    pnl,
    external_id,
  };
}
