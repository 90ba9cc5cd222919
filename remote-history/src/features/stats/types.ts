/** The least a closed trade needs for the statistics: the server's Trade and imported rows both fit. */
export interface StatTrade {
  pnl: number;
  qty: number;
  /** When the trade closed, ISO 8601: it decides the trade's day and week. */
  exit_time: string;
}
