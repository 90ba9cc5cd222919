const PRICE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const FIGURE = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
  useGrouping: false,
});
const COUNT = new Intl.NumberFormat('en-US');

/** A count with thousands grouped: `12,345`. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** A live price, grouped, up to 4 decimals; '—' when there is none yet (0 or null). */
export function formatPrice(value: number | null): string {
  return value === null || value === 0 ? '—' : PRICE.format(value);
}

/** A price or a point count without float noise, as a spreadsheet reads it back: up to 4 decimals, at least 2. */
export function formatNumber(value: number): string {
  return FIGURE.format(value);
}

/** `62.5%`, or '—' when there is nothing to measure. */
export function formatPercent(value: number | null): string {
  if (value === null) return '—';
  return `${Math.round(value * 1000) / 10}%`;
}

/** A ratio with two decimals; '∞' when there is no loss to divide by, '—' when undefined. */
export function formatRatio(value: number | null): string {
  if (value === null) return '—';
  if (!Number.isFinite(value)) return '∞';
  return value.toFixed(2);
}

/** Seconds as the broker writes durations: `45sec`, `4min 21sec`, `1h 2min`. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const sec = seconds % 60;
  if (h) return min ? `${h}h ${min}min` : `${h}h`;
  if (min) return sec ? `${min}min ${sec}sec` : `${min}min`;
  return `${sec}sec`;
}
