import type { QualityPeriodQuery } from '@synctrade/api';

export type QualityPeriod = 'today' | 'week' | 'month';

export const PERIOD_LABEL: Record<QualityPeriod, string> = {
  today: 'Today',
  week: 'Last 7 days',
  month: 'Last 30 days',
};

export const PERIODS: QualityPeriod[] = ['today', 'week', 'month'];

/** The period's bounds: from the start of today (the browser's calendar) or 7 / 30 days back, to now. */
export function periodQuery(period: QualityPeriod, now: Date = new Date()): QualityPeriodQuery {
  const from =
    period === 'today'
      ? new Date(now.getFullYear(), now.getMonth(), now.getDate())
      : new Date(now.getTime() - (period === 'week' ? 7 : 30) * 86_400_000);
  return { from: from.toISOString(), to: now.toISOString() };
}
