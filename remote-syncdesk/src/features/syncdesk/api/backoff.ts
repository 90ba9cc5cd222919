/** Reconnect delays of the realtime feed. */
export const BACKOFF = { baseMs: 1_000, maxMs: 30_000 } as const;

/**
 * Exponential backoff with "equal jitter": half the window is fixed, half random, so a server restart
 * does not see every desk reconnect in the same millisecond, yet no client retries in a tight loop.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const window = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(window / 2 + random() * (window / 2));
}
