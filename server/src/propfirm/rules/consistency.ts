import type { PropRules } from '../types';

export interface ConsistencyStatus {
  bestDay: number;
  totalProfit: number;
  /** Best day as a share of the total profit, in percent (null while the total is not positive). */
  bestDayPercent: number | null;
  /** What today may still make before the best day passes the limit (null: no limit yet). */
  todayLimit: number | null;
  /** Today's profit reached the limit and the user asked to stop there. */
  stop: boolean;
}

/**
 * Best day ≤ X % of the total profit. With today the best day, the rule holds while
 * today ≤ X·(total − today)/(1 − X): at 50 %, today may make what the other days made together.
 * @param days profit of each trading day, today included.
 */
export function consistencyStatus(
  rules: PropRules['consistency'],
  days: ReadonlyMap<string, number>,
  todayKey: string,
): ConsistencyStatus {
  let total = 0;
  let best = 0;
  for (const pnl of days.values()) {
    total += pnl;
    best = Math.max(best, pnl);
  }
  const today = days.get(todayKey) ?? 0;
  const share = rules.maxBestDayPercent / 100;
  const prior = total - today;
  const todayLimit = share > 0 && share < 1 && prior > 0 ? (share * prior) / (1 - share) : null;
  return {
    bestDay: best,
    totalProfit: total,
    bestDayPercent: total > 0 ? (best / total) * 100 : null,
    todayLimit,
    stop: rules.enabled && rules.stopAtLimit && todayLimit !== null && today >= todayLimit,
  };
}
