const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,234.50`, `-$20.00`: a loss always starts with a minus (the table colours by it). */
export function formatMoney(value: number): string {
  const text = money.format(Math.abs(value) < 0.005 ? 0 : value);
  return text.replace('−', '-');
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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `MM/DD/YYYY HH:MM:SS` in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A price or a point count without float noise: up to 4 decimals, at least 2. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
    useGrouping: false,
  });
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const SHORT_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function fromKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** `Mon, Nov 2, 2026` for a `YYYY-MM-DD` key. */
export function formatDayLabel(key: string): string {
  return DAY_LABEL.format(fromKey(key));
}

/** `Nov 2, 2026` for a `YYYY-MM-DD` key. */
export function formatShortDate(key: string): string {
  return SHORT_LABEL.format(fromKey(key));
}
