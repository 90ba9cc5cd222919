import type { TradeTotals } from './summary';

/** The least a closed trade needs for the statistics: the server's Trade and imported rows both fit. */
export interface StatTrade {
  pnl: number;
  qty: number;
  /** When the trade closed, ISO 8601: it decides the trade's day and week. */
  exit_time: string;
}

/** One day's totals, the day being `YYYY-MM-DD` in the browser's time zone (the server's per-day figures). */
export interface DayTotals extends TradeTotals {
  day: string;
}
