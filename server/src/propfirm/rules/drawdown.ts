import type { PropRules } from '../types';

type DrawdownRules = PropRules['drawdown'];

/** What the trailing drawdown remembers between equity readings (kept by the guard, stored by the server). */
export interface DrawdownState {
  highWater: number;
  /** Trading day of the last reading, and the equity then (an end-of-day mark moves to it at the day's close). */
  dayKey: string;
  lastEquity: number;
}

export function initialDrawdown(rules: DrawdownRules, dayKey: string): DrawdownState {
  return { highWater: rules.startingBalance, dayKey, lastEquity: rules.startingBalance };
}

/**
 * Moves the high-water mark with a new equity reading (balance plus open P&L). Intraday: it follows every
 * reading. End of day: it moves only when a new trading day starts, to the last equity of the day that closed.
 */
export function trackEquity(
  rules: DrawdownRules,
  state: DrawdownState,
  equity: number,
  dayKey: string,
): DrawdownState {
  let highWater = state.highWater;
  if (rules.mode === 'intraday') highWater = Math.max(highWater, equity);
  else if (dayKey !== state.dayKey) highWater = Math.max(highWater, state.lastEquity);
  return { highWater, dayKey, lastEquity: equity };
}

/** The balance the firm liquidates at: trailing below the high-water mark until it reaches the lock. */
export function drawdownFloor(rules: DrawdownRules, highWater: number): number {
  const trailing = highWater - rules.amount;
  if (rules.lockAt === null) return trailing;
  return Math.max(rules.startingBalance - rules.amount, Math.min(trailing, rules.lockAt));
}

export interface DrawdownCheck {
  floor: number;
  /** Equity above the floor, in dollars. */
  headroom: number;
  /** Equity is within the user's buffer of the floor (or below it): flatten and stop following. */
  breached: boolean;
}

export function checkDrawdown(rules: DrawdownRules, state: DrawdownState, equity: number): DrawdownCheck {
  const floor = drawdownFloor(rules, state.highWater);
  return { floor, headroom: equity - floor, breached: rules.enabled && equity <= floor + rules.buffer };
}
