import type { Trade } from '@synctrade/api';
import { csvField } from '@synctrade/ui';

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
