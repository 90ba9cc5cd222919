export { formatMoney, formatPnl } from './money';
export {
  formatCount,
  formatDuration,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRatio,
} from './numbers';
export { formatClock, formatDateTime, formatDayLabel, formatShortDate } from './dates';
