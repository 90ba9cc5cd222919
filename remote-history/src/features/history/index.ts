/** Trade history: the shared `history` store slice, the range picker and the dashboard page. */
export {
  useHistoryStore,
  initialHistoryState,
  type HistoryState,
  type HistoryStatus,
} from './store/history-store';
export { usePagedHistoryLoad } from './hooks/use-history';
export { dayTotalsOf } from './lib/server-stats';
export { RangePicker } from './components/range-picker';
export { ScopeNote, ScopePicker } from './components/scope-picker';
export { scopeQuery, type HistoryScope } from './lib/scope';
export { Money } from './components/money';
export { DashboardPage } from './components/dashboard-page';
export { rangeDescription, rangeQuery, RANGE_LABEL, type DateRange, type RangeKind } from './lib/range';
