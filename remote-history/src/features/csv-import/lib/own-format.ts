import type { Trade } from '@synctrade/api';
import { csvField } from '@synctrade/ui';
import type { Columns, CsvRow } from './columns';
import type { RowResult } from './performance-layout';
import { hashText, parseMoney, parseNumber, parseSide } from './values';
import { parseIsoTime, parseTradovateTime } from './timestamps';

/** The header of our own export, in order (documented in the README). Times are UTC ISO 8601. */
export const OWN_HEADER = [
  'external_id',
  'account',
  'symbol',
  'side',
  'qty',
  'entry_time',
  'exit_time',
  'entry_price',
  'exit_price',
  'pts',
  'pnl',
  'duration_seconds',
  'journal',
] as const;

/** A cell of the export: user text goes through the product's one spreadsheet escaper. */
function cell(value: string | number, text = false): string {
  return csvField(value, text ? 'text' : 'number');
}

/** Trades as our own CSV export (CRLF line ends, like the broker's files). */
export function tradesToCsv(trades: readonly Trade[]): string {
  const lines = [OWN_HEADER.join(',')];
  for (const t of trades) {
    lines.push(
      [
        cell(`synctrade:${t.id}`),
        cell(t.account, true),
        cell(t.symbol, true),
        t.side,
        t.qty,
        t.time,
        t.exit_time,
        t.avgEntry,
        t.avgExit,
        t.pts,
        t.pnl.toFixed(2),
        t.duration,
        cell(t.journal ?? '', true),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

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
