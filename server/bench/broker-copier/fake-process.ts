/**
 * A broker's fake in a process of its own for the copier benches (`fake-process.ts <broker>`): the broker runs on
 * another machine, so the fake's work (serving fifty orders, sending frames, its garbage) must not sit on the
 * copier's event loop. Answers the bench's requests over the IPC channel; every timestamp is taken here, by the fake.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { collectsOnMainThread, lowerBackgroundThreads } from '../../src/runtime/background-threads';
import type { Pause } from './rig';
import { clockOffset, type FakeSide } from './fake-side';

// The broker's compiler threads run on the broker's machines: here they must not take the copier's cores.
if (process.env.BENCH_FAKE_LOWER !== '0' && collectsOnMainThread()) lowerBackgroundThreads();

/** The brokers whose fake can run here, each its side's module. */
const SIDES = {
  tradovate: () => import('./tradovate-fake-side'),
  rithmic: () => import('./rithmic-fake-side'),
};
export type FakeBroker = keyof typeof SIDES;

/**
 * The fake's own garbage collections, on the machine's monotonic clock: a pause between the fake's stamps is
 * the broker's time in production, not the copier's; the rig tells the events it fell in apart.
 */
const pauses: Pause[] = [];
const offset = clockOffset();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ at: entry.startTime + offset, ms: entry.duration });
}).observe({ entryTypes: ['gc'] });

export type FakeRequest =
  | { id: number; op: 'setup'; followerLogins: number[] }
  | { id: number; op: 'pauses' }
  | { id: number; op: 'leaderEvent'; index: number; expect: number }
  | { id: number; op: 'placed' }
  | { id: number; op: 'placedAt'; from: number; count: number }
  | { id: number; op: 'close' };

export interface FakeReply {
  id: number;
  result?: unknown;
  error?: string;
}

const broker = process.argv[2] as FakeBroker;
let side: FakeSide<unknown> | undefined;

async function handle(request: FakeRequest): Promise<unknown> {
  if (request.op === 'pauses') return pauses.splice(0);
  if (request.op === 'setup') {
    const load = SIDES[broker];
    if (load === undefined) throw new Error(`no fake for broker ${String(broker)}`);
    side = await (await load()).startFakeSide(request.followerLogins);
    return side.info;
  }
  if (!side) throw new Error('the fake is not set up');
  if (request.op === 'leaderEvent') return side.leaderEvent(request.index, request.expect);
  if (request.op === 'placed') return side.placed();
  if (request.op === 'placedAt') return side.placedAt(request.from, request.count);
  await side.close();
  side = undefined;
  return null;
}

process.on('message', (request: FakeRequest) => {
  void handle(request).then(
    (result) => process.send?.({ id: request.id, result } satisfies FakeReply),
    (error: unknown) =>
      process.send?.({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

// The bench gone (finished, failed or killed): the fake goes too rather than hold its port.
process.on('disconnect', () => process.exit(0));
