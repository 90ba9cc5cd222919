import { availableParallelism } from 'node:os';

/**
 * Password hashes computed at once: one core fewer than the machine has (at least one). Each Argon2 check takes a
 * thread of libuv's pool for tens of milliseconds at full speed; 40 wrong passwords sent at once filled the whole
 * pool, the checks took every core, and the main thread, which answers every other tenant, waited for a core.
 */
export const PASSWORD_SLOTS = Math.max(1, availableParallelism() - 1);

/** Runs `job` when one of `slots` is free, in arrival order; a failed job frees its slot like any other. */
export function slotLimiter(slots: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (job) => {
    if (running < slots) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      release();
    }
  };
}
