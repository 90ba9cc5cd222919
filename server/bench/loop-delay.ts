/**
 * The event loop's delay, as a trader's copy feels it: how late a timer due every millisecond fires. Node's
 * histogram (`monitorEventLoopDelay`) records the time between its timer's wake-ups, which holds the timer's own
 * interval: an idle loop sampled every millisecond reads about 1.1 ms. The delay is what exceeds the interval, as
 * Elastic's Node.js agent and fastify's under-pressure read the same histogram.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const LOOP_RESOLUTION_MS = 1;

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** One wake-up's delay (ms) from the histogram's interval (ns): the interval less the timer's own. */
export function delayMs(intervalNs: number, resolutionMs = LOOP_RESOLUTION_MS): number {
  return Math.max(0, intervalNs / 1e6 - resolutionMs);
}

/** Starts sampling; `stop()` answers the delays since. */
export function watchLoopDelay(): { stop(): LoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      return {
        p50: delayMs(histogram.percentile(50)),
        p99: delayMs(histogram.percentile(99)),
        max: delayMs(histogram.max),
      };
    },
  };
}

/** The same process's loop with nothing to do, for `ms`: the machine's own share of the delay, same run. */
export async function idleLoopDelay(ms: number): Promise<LoopDelay> {
  const watch = watchLoopDelay();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return watch.stop();
}
