import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Whether this process collects garbage on its main thread only (`--single-threaded-gc`, as `pnpm start` runs
 * the server): only then may the helpers be lowered, or a collection could wait on a helper left without a core.
 */
export function collectsOnMainThread(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.includes('--single-threaded-gc') || execArgv.includes('--single-threaded');
}

/** How much lower than the server's own thread the helper threads run where `chrt` is missing (a nice step). */
export const BACKGROUND_NICE_STEP = 10;

/**
 * Puts every other thread this process has so far (V8's compiler and collector helpers, started with the
 * process) behind the thread that runs the copies: the `SCHED_IDLE` policy (`chrt --idle`), and a nice value
 * `step` higher where that is refused. On two cores, a helper woken to compile a function took the core from the
 * server's thread for 2.5–5 ms (the slowest copies of `pnpm bench e2e`: the server's thread runnable and waiting
 * exactly as long as the helper ran, the other core busy); a nice value of 10 did not stop it, `SCHED_IDLE`
 * makes it rare, not impossible: the scheduler still gives such a thread its small share at a tick now and then,
 * and it keeps the core until the next tick (`docs/bench/e2e.md`, 2026-11-25 14:58–15:45). Call it first thing
 * at start-up: libuv's pool threads, started later by the main thread, keep the normal policy. Only with
 * `collectsOnMainThread()`, so no collection waits on a helper that a busy machine leaves without a core.
 * Linux only (each thread is a task in `/proc/self/task`); elsewhere nothing changes. Returns the threads lowered.
 */
export function lowerBackgroundThreads(step = BACKGROUND_NICE_STEP): number {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  const target = Math.min(19, getPriority() + step);
  let idlePolicy = true;
  let lowered = 0;
  for (const task of tasks) {
    const id = Number(task);
    if (!Number.isInteger(id) || id === process.pid) continue;
    try {
      if (getPriority(id) < target) setPriority(id, target);
    } catch {
      continue; // The thread ended in between, or the system refuses: it keeps its priority.
    }
    if (idlePolicy) {
      const chrt = spawnSync('chrt', ['--idle', '-p', '0', task], { stdio: 'ignore', timeout: 2_000 });
      // Without `chrt` (not installed), the nice value is all there is; do not try for each thread.
      if (chrt.error) idlePolicy = false;
    }
    lowered += 1;
  }
  return lowered;
}
