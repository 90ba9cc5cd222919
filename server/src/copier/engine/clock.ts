/**
 * The engine's one source of time: latencies, settle waits, auto-sync ticks, session retries and the
 * broker's "retry at" all read it, so a test (or a replay) can drive the engine's time as a whole.
 */
export interface Clock {
  /** Milliseconds since the epoch, with sub-millisecond resolution where the platform has it. */
  now(): number;
  /** Runs `job` once after `ms`; the returned function cancels it. Never holds the process open. */
  after(ms: number, job: () => void): () => void;
  /** Runs `job` every `ms`; the returned function stops it. Never holds the process open. */
  every(ms: number, job: () => void): () => void;
}

/** The process's own clock and timers. */
export const systemClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  after(ms, job) {
    const timer = setTimeout(job, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
  every(ms, job) {
    const timer = setInterval(job, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
