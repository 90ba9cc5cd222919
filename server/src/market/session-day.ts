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

/** `YYYY-MM-DD` of the trade day that `time` (epoch ms) belongs to. */
export function tradeDayKey(time: number): string {
  return NEW_YORK_DATE.format(new Date(time + SIX_HOURS_MS));
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
