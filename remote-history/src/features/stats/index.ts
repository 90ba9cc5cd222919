/** Pure trading statistics: summaries, and day and week grouping. FIFO and contracts are `@synctrade/market`'s. */
export type { DayTotals, StatTrade } from './types';
export { summarize, summaryOfTotals, type TradeSummary, type TradeTotals } from './summary';
export {
  localDateKey,
  dayKey,
  weekStart,
  groupByPeriod,
  periodsOfDays,
  periodsOfTrades,
  dailyCumulative,
  dayWinRate,
  type PeriodKind,
  type PeriodGroup,
  type Period,
  type CumulativePoint,
  type DayWinRate,
} from './periods';
