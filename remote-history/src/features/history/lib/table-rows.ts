import type { Trade } from '@synctrade/api';
import { formatDateTime, formatDuration, formatMoney, formatNumber } from '../../stats';

export const TABLE_COLUMNS = [
  'Time',
  'Duration',
  'Symbol',
  'Side',
  'Qty',
  'Avg Entry',
  'Pts',
  'P&L',
  'Journal',
] as const;

/** A trade's cells as the table shows them. */
export interface TradeCells {
  time: string;
  duration: string;
  symbol: string;
  side: 'Buy' | 'Sell';
  qty: string;
  avgEntry: string;
  pts: string;
  pnl: string;
  journal: string;
}

export function tradeCells(trade: Trade): TradeCells {
  return {
    time: formatDateTime(trade.time),
    duration: formatDuration(trade.duration),
    symbol: trade.symbol,
    side: trade.side === 'buy' ? 'Buy' : 'Sell',
    qty: String(trade.qty),
    avgEntry: formatNumber(trade.avgEntry),
    pts: formatNumber(trade.pts),
    pnl: formatMoney(trade.pnl),
    journal: trade.journal ?? '',
  };
}

/** Newest first, by entry time. */
export function sortTrades(trades: readonly Trade[]): Trade[] {
  return [...trades].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : b.id - a.id));
}

/** Tabs and line breaks inside a cell would break the pasted table: they become spaces. */
function flat(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** The given rows as a tab-separated table with a header line, ready to paste into a spreadsheet. */
export function tradesToTsv(trades: readonly Trade[]): string {
  const lines = [TABLE_COLUMNS.join('\t')];
  for (const trade of trades) {
    const c = tradeCells(trade);
    lines.push(
      [c.time, c.duration, c.symbol, c.side, c.qty, c.avgEntry, c.pts, c.pnl, c.journal].map(flat).join('\t'),
    );
  }
  return lines.join('\n');
}
