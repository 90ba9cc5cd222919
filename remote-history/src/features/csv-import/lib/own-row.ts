import type { Columns, CsvRow } from './columns';
import type { RowResult } from './performance-layout';
import { hashText, parseMoney, parseNumber, parseSide } from './values';
import { parseIsoTime, parseTradovateTime } from './timestamps';

// Apart from the writer in own-format.ts: the parser runs in a Web Worker, whose code must not pull in the
// UI package (React and the other federation singletons exist only on the page).

function time(text: string | undefined): number | null {
  return parseIsoTime(text) ?? parseTradovateTime(text);
}

/** One row of our own export read back. */
export function ownRow(columns: Columns, row: CsvRow): RowResult {
  const symbol = columns.value(row, 'symbol');
  if (!symbol) return { problem: 'symbol is missing' };
  const side = parseSide(columns.value(row, 'side'));
  if (!side) return { problem: 'side is not buy or sell' };
  const qty = parseNumber(columns.value(row, 'qty'));
  if (!(qty > 0)) return { problem: 'qty is not a positive number' };
  const entryPrice = parseNumber(columns.value(row, 'entry_price'));
  if (Number.isNaN(entryPrice)) return { problem: 'entry_price is not a number' };
  const exitPrice = parseNumber(columns.value(row, 'exit_price'));
  if (Number.isNaN(exitPrice)) return { problem: 'exit_price is not a number' };
  const pnl = parseMoney(columns.value(row, 'pnl'));
  if (Number.isNaN(pnl)) return { problem: 'pnl is not a number' };
  const entry = time(columns.value(row, 'entry_time'));
  if (entry === null) return { problem: 'entry_time is not a date' };
  const exit = time(columns.value(row, 'exit_time'));
  if (exit === null) return { problem: 'exit_time is not a date' };
  const clean = symbol.replace(/^'/, '').toUpperCase();
  return {
    symbol: clean,
    side,
    qty,
    entry_time: new Date(entry).toISOString(),
    exit_time: new Date(exit).toISOString(),
    entry_price: entryPrice,
    exit_price: exitPrice,
    pnl,
    external_id:
      columns.value(row, 'external_id') ??
      `synctrade-row:${hashText([clean, side, qty, entry, exit, entryPrice, exitPrice, pnl].join('|'))}`,
  };
}
