/** Waits `ms` (none when negative): back-offs, `p-time` waits, lockouts. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
