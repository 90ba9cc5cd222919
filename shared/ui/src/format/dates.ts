const pad = (value: number): string => String(value).padStart(2, '0');

function clock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * The product's one date-and-time format, `MM/DD/YYYY HH:MM:SS` in the browser's time zone: the format of the
 * broker's own exports, so a copied or exported table reads back through the import. The raw text when it is
 * not a date.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${clock(date)}`;
}

/** `HH:MM:SS` in the browser's time zone (a "Last updated" time). */
export function formatClock(ms: number): string {
  return clock(new Date(ms));
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
