/** Pure trading statistics: FIFO round trips, summaries, day and week grouping, and their formatting. */
export type { StatTrade, Fill, FillSide, RoundTrip } from './types';
export { contractRoot, pointValue } from './contracts';
export { fifoRoundTrips } from './round-trips';
export { summarize, type TradeSummary } from './summary';
export {
  localDateKey,
  dayKey,
  weekStart,
  groupByPeriod,
  dailyCumulative,
  dayWinRate,
  type PeriodKind,
  type PeriodGroup,
  type CumulativePoint,
  type DayWinRate,
} from './periods';
export {
  formatMoney,
  formatPercent,
  formatRatio,
  formatDuration,
  formatDateTime,
  formatNumber,
  formatDayLabel,
  formatShortDate,
} from './format';
