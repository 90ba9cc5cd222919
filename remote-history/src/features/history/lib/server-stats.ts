import type { HistoryDay, HistorySummary } from '@synctrade/api';
import type { CumulativePoint, TradeSummary } from '../../stats';

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** x / y, with the dashboard's rule for an empty divisor: ∞ when there is a numerator, none otherwise. */
function ratio(numerator: number, denominator: number, hasNumerator: boolean): number | null {
  if (denominator > 0) return numerator / denominator;
  return hasNumerator ? Infinity : null;
}

/** The dashboard's statistics from the sums the server computed over the whole range. */
export function fromServerSummary(s: HistorySummary): TradeSummary {
  const averageWin = s.wins ? cents(s.gross_profit / s.wins) : null;
  const averageLoss = s.losses ? cents(-s.gross_loss / s.losses) : null;
  return {
    trades: s.trades,
    wins: s.wins,
    losses: s.losses,
    scratches: s.trades - s.wins - s.losses,
    netPnl: s.net_pnl,
    grossProfit: s.gross_profit,
    grossLoss: s.gross_loss,
    winRate: s.wins + s.losses ? s.wins / (s.wins + s.losses) : null,
    profitFactor: ratio(s.gross_profit, s.gross_loss, s.wins > 0),
    averageWin,
    averageLoss,
    winLossRatio: averageWin === null ? null : ratio(averageWin, -(averageLoss ?? 0), true),
    contracts: s.contracts,
  };
}

/** Per-day net P&L from the server (oldest first) with the running total, as the chart draws it. */
export function fromServerDays(days: readonly HistoryDay[]): CumulativePoint[] {
  let running = 0;
  return days.map(({ day, pnl }) => {
    running += pnl;
    return { day, pnl: cents(pnl), cumulative: cents(running) };
  });
}
