/**
 * Futures trade days start at 18:00 New York time. Day P&L and daily loss limits count from there, so the
 * key of the trade day is the New York date six hours later.
 */
const NEW_YORK_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
// New York's offsets are whole hours, so a trade day changes only on a whole UTC hour: the key of the last
// hour asked is kept, because formatting a date costs microseconds and the paper venue asks on every fill.
let cachedHour = NaN;
let cachedKey = '';

/** `YYYY-MM-DD` of the trade day that `time` (epoch ms) belongs to. */
export function tradeDayKey(time: number): string {
  const hour = Math.floor(time / HOUR_MS);
  if (hour !== cachedHour) {
    cachedKey = NEW_YORK_DATE.format(new Date(hour * HOUR_MS + SIX_HOURS_MS));
    cachedHour = hour;
  }
  return cachedKey;
}

/** Epoch ms of the start (18:00 New York) of the trade day `time` belongs to. */
export function tradeDayStart(time: number): number {
  const key = tradeDayKey(time);
  // Walk back from `time` in 15-minute steps until the key changes: at most 24 h, DST-proof, no tz tables.
  const step = 15 * 60 * 1000;
  let low = Math.floor(time / step) * step;
  while (tradeDayKey(low - 1) === key) low -= step;
  return low;
}
