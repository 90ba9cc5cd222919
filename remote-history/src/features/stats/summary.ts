import { roundMoney } from '@synctrade/market';
import type { StatTrade } from './types';

export interface TradeSummary {
  trades: number;
  /** pnl > 0. */
  wins: number;
  /** pnl < 0. */
  losses: number;
  /** pnl exactly 0: neither a win nor a loss. */
  scratches: number;
  netPnl: number;
  grossProfit: number;
  /** Sum of the losing trades, as a positive number. */
  grossLoss: number;
  /** wins / (wins + losses); null when there is no win or loss. */
  winRate: number | null;
  /** grossProfit / grossLoss; Infinity when there are wins and no loss; null when neither. */
  profitFactor: number | null;
  averageWin: number | null;
  /** Average losing trade, negative; null when there is no loss. */
  averageLoss: number | null;
  /** averageWin / |averageLoss|; Infinity when wins and no loss; null when no win. */
  winLossRatio: number | null;
  contracts: number;
}

/** What a summary is made of: the counts and sums of a set of closed trades, or of days' totals added up. */
export interface TradeTotals {
  trades: number;
  wins: number;
  losses: number;
  grossProfit: number;
  /** Sum of the losing trades, as a positive number. */
  grossLoss: number;
  netPnl: number;
  contracts: number;
}

function ratio(numerator: number, denominator: number, hasNumerator: boolean): number | null {
  if (denominator > 0) return numerator / denominator;
  return hasNumerator ? Infinity : null;
}

/** The statistics of trades from their counts and sums (the browser's own, or the server's per range or day). */
export function summaryOfTotals(t: TradeTotals): TradeSummary {
  const averageWin = t.wins ? roundMoney(t.grossProfit / t.wins) : null;
  const averageLoss = t.losses ? roundMoney(-t.grossLoss / t.losses) : null;
  return {
    trades: t.trades,
    wins: t.wins,
    losses: t.losses,
    scratches: t.trades - t.wins - t.losses,
    netPnl: roundMoney(t.netPnl),
    grossProfit: roundMoney(t.grossProfit),
    grossLoss: roundMoney(t.grossLoss),
    winRate: t.wins + t.losses ? t.wins / (t.wins + t.losses) : null,
    profitFactor: ratio(t.grossProfit, t.grossLoss, t.wins > 0),
    averageWin,
    averageLoss,
    winLossRatio: averageWin === null ? null : ratio(averageWin, -(averageLoss ?? 0), true),
    contracts: t.contracts,
  };
}

/** The statistics of a set of closed trades, in one pass. */
export function summarize(trades: readonly StatTrade[]): TradeSummary {
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let contracts = 0;
  for (const trade of trades) {
    contracts += trade.qty;
    if (trade.pnl > 0) {
      wins += 1;
      grossProfit += trade.pnl;
    } else if (trade.pnl < 0) {
      losses += 1;
      grossLoss -= trade.pnl;
    }
  }
  const netPnl = grossProfit - grossLoss;
  return summaryOfTotals({ trades: trades.length, wins, losses, grossProfit, grossLoss, netPnl, contracts });
}
