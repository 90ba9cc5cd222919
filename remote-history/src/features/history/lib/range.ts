import type { HistoryQuery } from '@synctrade/api';
import { formatShortDate } from '@synctrade/ui';
import { localDateKey } from '../../stats';

export type RangeKind = 'today' | 'week' | 'month' | 'all' | 'custom';

export interface DateRange {
  kind: RangeKind;
  /** `YYYY-MM-DD`, for a custom range. */
  start?: string;
  end?: string;
}

export const RANGE_LABEL: Record<RangeKind, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
  custom: 'Custom',
};

export const RANGE_KINDS: RangeKind[] = ['today', 'week', 'month', 'all', 'custom'];

/**
 * The request dates of a range, inclusive, in the browser's calendar. Weeks start on Monday; "this week"
 * and "this month" end today, since no trade closes in the future. All Time sends no dates.
 */
export function rangeQuery(range: DateRange, now: Date = new Date()): HistoryQuery {
  const today = localDateKey(now);
  switch (range.kind) {
    case 'today':
      return { start_date: today, end_date: today };
    case 'week': {
      const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
      return { start_date: localDateKey(monday), end_date: today };
    }
    case 'month':
      return { start_date: localDateKey(new Date(now.getFullYear(), now.getMonth(), 1)), end_date: today };
    case 'custom': {
      const query: HistoryQuery = {};
      if (range.start) query.start_date = range.start;
      if (range.end) query.end_date = range.end;
      return query;
    }
    default:
      return {};
  }
}

/** The range button's text: the range's name, or a custom range's dates. */
export function rangeButtonLabel(range: DateRange): string {
  if (range.kind !== 'custom') return RANGE_LABEL[range.kind];
  return describeDates(rangeQuery(range)) ?? RANGE_LABEL.custom;
}

function describeDates(query: HistoryQuery): string | null {
  const { start_date: start, end_date: end } = query;
  if (start && end)
    return start === end ? formatShortDate(start) : `${formatShortDate(start)} – ${formatShortDate(end)}`;
  if (start) return `From ${formatShortDate(start)}`;
  if (end) return `Until ${formatShortDate(end)}`;
  return null;
}

/** The dates a range covers, for the Daily and Weekly label: `Nov 1, 2026 – Nov 21, 2026`, or 'All Time'. */
export function rangeDescription(range: DateRange, now: Date = new Date()): string {
  return describeDates(rangeQuery(range, now)) ?? RANGE_LABEL.all;
}
