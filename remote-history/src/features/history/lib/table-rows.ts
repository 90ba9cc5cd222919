import type { Trade } from '@synctrade/api';
import { formatDateTime, formatDuration, formatMoney, formatNumber, tsvField } from '@synctrade/ui';

export const TABLE_COLUMNS = [
  'Time',
  'Account',
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
  /** The account that made the trade and its connection: a copied trade shows once per account. */
  account: string;
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
    account: trade.connection ? `${trade.account} · ${trade.connection}` : trade.account,
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

/**
 * The given rows as a tab-separated table with a header line, ready to paste into a spreadsheet. Text that came
 * from a user or a file (symbol, journal) goes through the product's one spreadsheet escaper; the figures the
 * product formats itself stay numbers.
 */
export function tradesToTsv(trades: readonly Trade[]): string {
  const lines = [TABLE_COLUMNS.join('\t')];
  for (const trade of trades) {
    const c = tradeCells(trade);
    const figure = (value: string): string => tsvField(value, 'number');
    lines.push(
      [
        figure(c.time),
        tsvField(c.account),
        figure(c.duration),
        tsvField(c.symbol),
        figure(c.side),
        figure(c.qty),
        figure(c.avgEntry),
        figure(c.pts),
        figure(c.pnl),
        tsvField(c.journal),
      ].join('\t'),
    );
  }
  return lines.join('\n');
}
