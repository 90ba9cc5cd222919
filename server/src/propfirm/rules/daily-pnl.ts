import type { PropRules } from '../types';

/** The account's equity when its firm's trading day began, and the last reading. */
export interface DayState {
  dayKey: string;
  startEquity: number;
  lastEquity: number;
}

/**
 * Follows equity through trading days: a new day starts from the last equity seen before it, so the
 * day's P&L is counted in the firm's window (17:00 Chicago for Topstep), whatever the broker's own day is.
 */
export function trackDay(state: DayState | null, equity: number, dayKey: string): DayState {
  if (state === null) return { dayKey, startEquity: equity, lastEquity: equity };
  if (state.dayKey !== dayKey) return { dayKey, startEquity: state.lastEquity, lastEquity: equity };
  return { ...state, lastEquity: equity };
}

export function dayPnl(state: DayState): number {
  return state.lastEquity - state.startEquity;
}

export interface DailyCheck {
  /** Dollars left before the daily loss limit (null: the rule is off). */
  lossHeadroom: number | null;
  lossReached: boolean;
  profitReached: boolean;
}

export function checkDaily(
  loss: PropRules['dailyLoss'],
  profit: PropRules['dailyProfit'],
  pnl: number,
): DailyCheck {
  return {
    lossHeadroom: loss.enabled ? loss.amount + pnl : null,
    lossReached: loss.enabled && pnl <= -loss.amount,
    profitReached: profit.enabled && pnl >= profit.amount,
  };
}
