/**
 * What a broker's fake side of a copier bench offers, whether it runs in the bench's process or in a process of
 * its own (`fake-process.ts`), and the clock both processes share.
 */
import type { EventTimes, InProcessFake } from './rig';

/** The machine's monotonic clock in ms, the same in every process (performance.now() starts per process). */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** monotonicMs() − performance.now(), from the tightest of several samples (the first calls are slow). */
export function clockOffset(): number {
  let best = { width: Infinity, offset: 0 };
  for (let i = 0; i < 50; i += 1) {
    const before = monotonicMs();
    const now = performance.now();
    const after = monotonicMs();
    if (after - before < best.width) best = { width: after - before, offset: (before + after) / 2 - now };
  }
  return best.offset;
}

export interface FakeSide<Info> {
  /** What the bench's process needs to know about the fake (addresses, logins). */
  info: Info;
  /** For a bench in the same process: polled, times in this process's monotonic ms. */
  inProcess: InProcessFake;
  /** The leader trades; resolves once `expect` follower orders arrived (polled on a timer, not spun). */
  leaderEvent(index: number, expect: number): Promise<EventTimes>;
  /** How many orders the fake received so far (followers and plain clients alike). */
  placed(): number;
  /** When orders `from` up to `from + count` arrived (monotonic ms), once they all did. */
  placedAt(from: number, count: number): Promise<number[]>;
  close(): Promise<void>;
}

/** Waits for `condition` on a 1 ms timer, not setImmediate: spinning would take a core from the copier. */
export async function until(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The processes whose main threads are on the copy's path: this one, and the bench's when this is its child. */
export const copyPathPids = (): number[] =>
  process.send === undefined ? [process.pid] : [process.pid, process.ppid];
