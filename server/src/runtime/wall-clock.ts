/** The process's wall clock with sub-millisecond resolution (ms since the epoch). */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}
