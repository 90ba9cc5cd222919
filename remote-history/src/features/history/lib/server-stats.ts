import type { HistoryDay, HistorySummary } from '@synctrade/api';
import { roundMoney } from '@synctrade/market';
import { summaryOfTotals, type CumulativePoint, type DayTotals, type TradeSummary } from '../../stats';

/** The dashboard's statistics from the sums the server computed over the whole range. */
export function fromServerSummary(s: HistorySummary): TradeSummary {
  return summaryOfTotals({
    trades: s.trades,
    wins: s.wins,
    losses: s.losses,
    grossProfit: s.gross_profit,
    grossLoss: s.gross_loss,
    netPnl: s.net_pnl,
    contracts: s.contracts,
  });
}

/** Per-day net P&L from the server (oldest first) with the running total, as the chart draws it. */
export function fromServerDays(days: readonly HistoryDay[]): CumulativePoint[] {
  let running = 0;
  return days.map(({ day, pnl }) => {
    running += pnl;
    return { day, pnl: roundMoney(pnl), cumulative: roundMoney(running) };
  });
}

/**
 * Each day's figures as the Daily and Weekly cards add them up, or null from a server that sends only each day's
 * net P&L and trade count (before the per-day figures): the cards then need every trade.
 */
export function dayTotalsOf(days: readonly HistoryDay[]): DayTotals[] | null {
  const complete = days.every((day) => (day as Partial<HistoryDay>).wins !== undefined);
  if (!complete) return null;
  return days.map((d) => ({
    day: d.day,
    trades: d.trades,
    wins: d.wins,
    losses: d.losses,
    grossProfit: d.gross_profit,
    grossLoss: d.gross_loss,
    netPnl: d.pnl,
    contracts: d.contracts,
  }));
}
