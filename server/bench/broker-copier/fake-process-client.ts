/**
 * The bench's handle on a broker's fake side: in a process of its own (the default: the broker is another machine
 * in production), asked over IPC and never inside a measured interval, or in the bench's own process
 * (`BENCH_FAKE=same`, for comparison).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { FakeBroker, FakeReply, FakeRequest } from './fake-process';
import type { FakeSide } from './fake-side';
import { type EventTimes, inProcessEvent, type Pause } from './rig';
import { serverRoot, startFlags } from '../start-script';

/** A request to the fake without its id (Omit distributed over the union). */
type Ask = <T>(
  request: FakeRequest extends infer R ? (R extends FakeRequest ? Omit<R, 'id'> : never) : never,
) => Promise<T>;

export interface FakeHandle<Info> {
  info: Info;
  /** The fake's process, when it has one of its own. */
  pid: number | undefined;
  /** The fake's garbage collections since the last call, when it runs in a process of its own. */
  pauses: (() => Promise<Pause[]>) | undefined;
  leaderEvent(index: number, expect: number): Promise<EventTimes>;
  placed(): Promise<number>;
  placedAt(from: number, count: number): Promise<number[]>;
  close(): Promise<void>;
}

export const fakeInSameProcess = (): boolean => process.env.BENCH_FAKE === 'same';

/**
 * The fake collects its garbage on its own main thread (`--single-threaded-gc`), and `fake-process.ts` then puts
 * its helper threads behind every other thread of the machine: the broker's gateway runs on machines of its own,
 * so its collector must not take the copier's cores. With node's defaults each of the fake's young-generation
 * collections ran on four helper threads at once, on both cores of this machine: the Rithmic one-follower copier
 * row had 223–245 events held up by the machine, against 79–115 with the fake collecting alone, in two alternated
 * rounds each (`docs/bench/copier-brokers.md`, 2026-12-06). Its pauses still land in both rows, as a broker's
 * would. `BENCH_FAKE_GC=parallel` runs it with node's defaults, to compare.
 */
function fakeCollection(): string[] {
  return process.env.BENCH_FAKE_GC === 'parallel' ? [] : ['--single-threaded-gc'];
}

async function fakeInOwnProcess<Info>(
  broker: FakeBroker,
  followerLogins: number[],
): Promise<FakeHandle<Info>> {
  // The server's own node flags (its `start` script), which the bench's copier process runs with.
  const serverFlags = startFlags();
  // The fake runs from its sources under tsx, whether the bench runs from its sources or compiled.
  const ownFlags = process.execArgv.filter((flag) => !serverFlags.includes(flag));
  const child = fork(path.join(serverRoot, 'bench', 'broker-copier', 'fake-process.ts'), [broker], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The broker's machine does not run with the copier's V8 flags (compilation, heap sizes): node's defaults,
    // but for where the fake collects its garbage (`fakeCollection`).
    execArgv: [
      ...fakeCollection(),
      ...(ownFlags.includes('tsx') ? ownFlags : [...ownFlags, '--import', 'tsx']),
    ],
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  child.on('message', (reply: FakeReply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) pending?.reject(new Error(`fake ${broker}: ${reply.error}`));
    else pending?.resolve(reply.result);
  });
  child.on('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`fake ${broker} exited (${code})`));
    waiting.clear();
  });
  const ask: Ask = (request) =>
    new Promise((resolve, reject) => {
      const id = (nextId += 1);
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...request, id });
    });
  const info = await ask<Info>({ op: 'setup', followerLogins });
  return {
    info,
    pid: child.pid,
    pauses: () => ask<Pause[]>({ op: 'pauses' }),
    leaderEvent: (index, expect) => ask<EventTimes>({ op: 'leaderEvent', index, expect }),
    placed: () => ask<number>({ op: 'placed' }),
    placedAt: (from, count) => ask<number[]>({ op: 'placedAt', from, count }),
    async close() {
      await ask({ op: 'close' });
      child.disconnect();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    },
  };
}

function fakeInThisProcess<Info>(side: FakeSide<Info>): FakeHandle<Info> {
  return {
    info: side.info,
    pid: undefined,
    // The fake's collections happen on the copier's own thread here, counted as the copier's.
    pauses: undefined,
    // As before the fake had a process of its own: the copier rows poll the fake's logs with setImmediate.
    leaderEvent: inProcessEvent(side.inProcess),
    placed: async () => side.placed(),
    placedAt: (from, count) => side.placedAt(from, count),
    close: () => side.close(),
  };
}

/** The broker's fake side, where `BENCH_FAKE` puts it. */
export async function startFake<Info>(
  broker: FakeBroker,
  followerLogins: number[],
  startHere: (followerLogins: number[]) => Promise<FakeSide<Info>>,
): Promise<FakeHandle<Info>> {
  return fakeInSameProcess()
    ? fakeInThisProcess(await startHere(followerLogins))
    : fakeInOwnProcess<Info>(broker, followerLogins);
}
