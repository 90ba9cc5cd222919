/** Pure trading statistics: summaries, and day and week grouping. FIFO and contracts are `@synctrade/market`'s. */
export type { StatTrade } from './types';
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
