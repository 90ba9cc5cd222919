import type { BrokerAdapter } from '../../src/brokers/types';
import { CopyEngine } from '../../src/copier/engine/engine';
import { MemoryDirectory } from '../../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../../src/copier/engine/memory-store';
import { DEFAULT_RISK } from '../../src/copier/engine/types';
import type { BrokerCredentials } from '../../src/brokers/types';
import { coreWaitMs, coreWaits } from '../core-waits';

/** Followers are spread over broker logins of this many accounts each (50 followers: five logins). */
export const ACCOUNTS_PER_LOGIN = Number(process.env.BENCH_ACCOUNTS_PER_LOGIN ?? 10);
const SIZES = (process.env.BENCH_FOLLOWERS ?? '1,10,50').split(',').map(Number);
/**
 * Enough leader events per row that the p99 is not simply the slowest one (with 40, p99 was nearly the max; with
 * 200 it is the second slowest, and one pause of the fake landing in a one-follower row's 0.5 ms window moved it
 * by several ms): `rowOrders` follower orders a row (2,000 unless the broker's bench says more), at least 200
 * events and at most `rowOrders` / 2 (1 follower: 1,000 events by default, p99 the tenth slowest).
 * `BENCH_EVENTS` sets one count for every row.
 */
const ROW_ORDERS = 2_000;
const eventsFor = (followers: number, rowOrders = ROW_ORDERS): number =>
  process.env.BENCH_EVENTS !== undefined
    ? Number(process.env.BENCH_EVENTS)
    : Math.min(rowOrders / 2, Math.max(200, Math.floor(rowOrders / Math.max(1, followers))));
/**
 * The first events of each row warm up the JIT, the sockets and the fake; they are left out of the figures. The
 * optimizing compiler keeps compiling the copy path's larger functions (the leader fill's plan, reconciliation,
 * the adapters' sends) for several hundred events, on a helper thread that takes a core from the copier or the
 * fake (`--trace-opt`, 2026-12-05: 43 compilations, 300 ms of compile time, in events 100–200 of a one-follower
 * row; 15 in events 900–1,000): a server that has been copying for minutes is past it, so the rows measure after
 * it. At most 2,500 follower orders of warm-up (10 followers: 250 events, 50: 50): a login's warm-up and measured
 * orders stay under the 5,000 requests an hour the Tradovate adapter keeps to per login.
 */
const WARMUP_EVENTS = Number(process.env.BENCH_WARMUP ?? 1_000);
const WARMUP_ORDERS = 2_500;
const warmupFor = (followers: number): number =>
  Math.max(20, Math.min(WARMUP_EVENTS, Math.floor(WARMUP_ORDERS / Math.max(1, followers))));

export interface BenchLogin {
  credentials: BrokerCredentials;
  /** External ids of the accounts of this login the bench uses. */
  accounts: string[];
}

/** A pause of a process (a garbage collection), on the machine's monotonic clock in ms. */
export interface Pause {
  at: number;
  ms: number;
}

/** One leader event as the fake saw it: its fill sent, and each follower order received (same clock). */
export interface EventTimes {
  sentAt: number;
  received: number[];
  /**
   * How long the copy path's main threads (the copier's, the fake's) waited for a core between the two stamps,
   * when the fake reads it itself; otherwise the rig reads it around its request for the event.
   */
  waitedMs?: number;
}

/** One broker's fake, set up with a leader login and follower logins. */
export interface BrokerBench {
  adapter: BrokerAdapter;
  leader: BenchLogin;
  followers: BenchLogin[];
  /**
   * Makes the leader trade by hand at the fake and resolves once `followers` follower orders have reached
   * the fake, with when the fake sent the leader's fill and when it received each follower order.
   */
  leaderEvent(index: number, followers: number): Promise<EventTimes>;
  /**
   * The baselines: `count` orders sent at once by plain clients against the same fake (no adapter, no
   * engine); each returns, per order, sent → received by the fake.
   */
  baselines: Record<string, (count: number) => Promise<number[]>>;
  /**
   * Baselines that copy as the copier does, timed as it is: a plain client hears the leader's fill and sends
   * `count` orders at once; each returns the event's times as `leaderEvent` does.
   */
  reactingBaselines?: Record<string, (count: number) => Promise<EventTimes>>;
  /** The processes on the copy's path besides this one (the fake's own), whose waits for a core are read. */
  otherProcesses: number[];
  /** The fake's garbage collections since the last call, when the fake runs in a process of its own. */
  fakePauses?: () => Promise<Pause[]>;
  close(): Promise<void>;
}

/** A fake in this process, read by polling its logs (performance.now() on both ends). */
export interface InProcessFake {
  /** Makes the leader trade by hand at the fake; returns the leader's order id at the fake. */
  leaderTrades(index: number): number;
  /** How many follower orders the fake has received so far. */
  followerOrders(): number;
  /** When the fake received follower orders `from` up to (excluded) `to`. */
  receivedAt(from: number, to: number): number[];
  /** When the fake sent the leader order's fill to the adapter. */
  fillSentAt(orderId: number): number;
}

/** `leaderEvent` for a fake that runs in the bench's own process. */
export function inProcessEvent(fake: InProcessFake): BrokerBench['leaderEvent'] {
  return async (index, followers) => {
    const before = fake.followerOrders();
    const orderId = fake.leaderTrades(index);
    await waitFor(
      () => fake.followerOrders() >= before + followers,
      () => `event ${index}: only ${fake.followerOrders() - before} of ${followers} follower orders arrived`,
    );
    return { sentAt: fake.fillSentAt(orderId), received: fake.receivedAt(before, before + followers) };
  };
}

/** The followers of a size spread over logins: `setup` gets how many accounts each login holds. */
export function loginSizes(followers: number): number[] {
  const sizes: number[] = [];
  for (let left = followers; left > 0; left -= ACCOUNTS_PER_LOGIN)
    sizes.push(Math.min(left, ACCOUNTS_PER_LOGIN));
  return sizes;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const fmt = (ms: number): string => `${ms.toFixed(2)} ms`.padStart(10);

function row(label: string, followers: number, logins: number, each: number[], last: number[]): string {
  each.sort((a, b) => a - b);
  last.sort((a, b) => a - b);
  return `${label.padEnd(28)} ${String(followers).padStart(9)} ${String(logins).padStart(6)} ${fmt(percentile(each, 50))} ${fmt(percentile(each, 99))} ${fmt(percentile(last, 50))} ${fmt(percentile(last, 99))}`;
}

async function waitFor(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The desk the bench copies on: the leader login's first account leads, every account of the follower logins
 * follows with `ratioOf` its index. `requestsPerMinute` replaces the adapter's budget per login when given.
 */
export function benchDirectory(
  adapter: BrokerAdapter,
  leader: BenchLogin,
  followerLogins: BenchLogin[],
  options: { requestsPerMinute?: number; ratioOf?: (index: number) => number } = {},
): MemoryDirectory {
  const directory = new MemoryDirectory(adapter, options.requestsPerMinute ?? adapter.requestsPerMinute);
  const base = {
    userId: 1,
    ratio: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: { ...DEFAULT_RISK },
    isLeader: false,
    isFollower: false,
  };
  directory.addConnection(1, leader.credentials);
  directory.accounts.push({
    ...base,
    id: 1,
    connectionId: 1,
    externalId: leader.accounts[0] ?? '',
    name: 'LEAD',
    isLeader: true,
  });
  followerLogins.forEach((login, i) => {
    directory.addConnection(i + 2, login.credentials);
    for (const externalId of login.accounts) {
      const id = directory.accounts.length + 1;
      directory.accounts.push({
        ...base,
        id,
        connectionId: i + 2,
        externalId,
        name: `F${id - 1}`,
        isFollower: true,
        ratio: options.ratioOf?.(id - 2) ?? 1,
      });
    }
  });
  return directory;
}

/** A row's measured events: each order's latency, each event's last, and the events with their waits for a core. */
class RowEvents {
  readonly each: number[] = [];
  readonly last: number[] = [];
  readonly events: Array<{ times: EventTimes; waited: number }> = [];

  add(times: EventTimes, waited: number): void {
    const received = times.received.map((at) => at - times.sentAt);
    this.each.push(...received);
    this.last.push(Math.max(...received));
    this.events.push({ times, waited });
  }
}

async function measure(bench: BrokerBench, followers: number, rowOrders?: number): Promise<string[]> {
  const warmup = warmupFor(followers);
  const events = eventsFor(followers, rowOrders);
  const directory = benchDirectory(bench.adapter, bench.leader, bench.followers, {
    requestsPerMinute: 1_000_000,
  });
  const engine = new CopyEngine({
    directory,
    store: new MemoryCopyStore(),
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, sendRetries: 2 },
  });
  await engine.start();
  const copier = new RowEvents();
  const processes = [process.pid, ...bench.otherProcesses];
  for (let i = 0; i < warmup + events; i += 1) {
    if (i === warmup) await bench.fakePauses?.();
    const waitedBefore = coreWaits(processes);
    const times = await bench.leaderEvent(i, followers);
    const waited = times.waitedMs ?? coreWaits(processes) - waitedBefore;
    await engine.idle(1);
    if (i >= warmup) copier.add(times, waited);
  }
  const fakePauses = (await bench.fakePauses?.()) ?? null;
  const heap = await heapPerEvent(bench, engine, followers, warmup + events);
  await engine.stop();
  const logins = bench.followers.length;
  const rows = [row('copier', followers, logins, copier.each, copier.last)];
  if (coreWaitMs(process.pid) !== null) rows.push(notOursLine(copier.events, fakePauses));
  if (heap !== null) rows.push(heapLine(followers, heap));
  for (const [name, baseline] of Object.entries(bench.baselines)) {
    const all: number[] = [];
    const lastOf: number[] = [];
    for (let i = 0; i < warmup + events; i += 1) {
      const latencies = await baseline(followers);
      if (i < warmup) continue;
      all.push(...latencies);
      lastOf.push(Math.max(...latencies));
    }
    rows.push(row(`baseline: ${name}`, followers, 1, all, lastOf));
  }
  for (const [name, baseline] of Object.entries(bench.reactingBaselines ?? {})) {
    const client = new RowEvents();
    await bench.fakePauses?.();
    for (let i = 0; i < warmup + events; i += 1) {
      const waitedBefore = coreWaits(processes);
      const times = await baseline(followers);
      const waited = times.waitedMs ?? coreWaits(processes) - waitedBefore;
      if (i >= warmup) client.add(times, waited);
    }
    const pauses = (await bench.fakePauses?.()) ?? null;
    rows.push(row(`baseline: ${name}`, followers, 1, client.each, client.last));
    if (coreWaitMs(process.pid) !== null) rows.push(notOursLine(client.events, pauses, "the client's"));
  }
  return rows;
}

/**
 * An event is held up by the machine when a process on its path (this one, the fake's) had its main thread ready to
 * run but waiting for a core, for this long in all, within the event: between the fill sent and the last follower
 * order received when the fake reads it (Tradovate in its own process), else between the rig asking for the event
 * and its answer. The event's figure then says how busy the machine was, not what the copy costs (as in the e2e
 * bench).
 */
const HELD_UP_MS = 0.25;

/**
 * The events slowed by what is not the copier's: the machine (see `HELD_UP_MS`) and, with the fake in a process
 * of its own, the fake's garbage collections between its two stamps (Tradovate's time in production). The p99
 * of the others is what the copy path itself costs, the copier's own collections included.
 */
function notOursLine(
  measured: Array<{ times: EventTimes; waited: number }>,
  fakePauses: Pause[] | null,
  whose = "the copier's",
): string {
  const clear = { each: [] as number[], last: [] as number[] };
  let heldUp = 0;
  let paused = 0;
  for (const { times, waited } of measured) {
    const end = Math.max(...times.received);
    if (waited >= HELD_UP_MS) heldUp += 1;
    else if (fakePauses?.some((pause) => pause.at < end && pause.at + pause.ms > times.sentAt)) paused += 1;
    else {
      const received = times.received.map((at) => at - times.sentAt);
      clear.each.push(...received);
      clear.last.push(end - times.sentAt);
    }
  }
  clear.each.sort((a, b) => a - b);
  clear.last.sort((a, b) => a - b);
  const figures =
    clear.last.length === 0
      ? 'none left'
      : `order p99 ${percentile(clear.each, 99).toFixed(2)} ms, last p99 ${percentile(clear.last, 99).toFixed(2)} ms`;
  const byFake = fakePauses === null ? '' : `, ${paused} by the fake's garbage collector`;
  return `  not ${whose}: ${heldUp} of ${measured.length} events held up by the machine (a main thread waited ${HELD_UP_MS} ms or more for a core)${byFake}; the ${clear.last.length} others: ${figures}`;
}

/** The heap still held after a full collection, when the process runs with `--expose-gc`; else null. */
function heldHeap(): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return null;
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The heap the copier holds more per event, read after the measured row: a full collection, a tenth of the
 * warm-up's events more (at least 20; a login's orders stay under the 5,000 an hour), another full collection.
 * Not read around the row itself: a full collection throws away optimized code that points at objects it freed
 * ("weak objects" in `--trace-deopt`), and one forced at the end of the warm-up made the first measured events of
 * a one-follower row compile some forty functions of the copy path again (the protobuf reader, the frame decoder,
 * the claim, the send) on a helper thread taking a core.
 */
async function heapPerEvent(
  bench: BrokerBench,
  engine: CopyEngine,
  followers: number,
  firstEvent: number,
): Promise<{ before: number; after: number; events: number } | null> {
  const before = heldHeap();
  if (before === null) return null;
  const events = Math.max(20, Math.ceil(warmupFor(followers) / 10));
  for (let i = firstEvent; i < firstEvent + events; i += 1) {
    await bench.leaderEvent(i, followers);
    await engine.idle(1);
  }
  return { before, after: heldHeap() ?? before, events };
}

function heapLine(followers: number, heap: { before: number; after: number; events: number }): string {
  const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
  const perEvent = (heap.after - heap.before) / heap.events / 1024;
  return `  heap held (${followers} followers): ${mb(heap.before)} after the row, ${mb(heap.after)} ${heap.events} events later (${perEvent.toFixed(2)} KB more per event)`;
}

/** Runs the bench for every size and prints copier and baseline rows side by side. */
export async function runBrokerBench(
  title: string,
  setup: (followerLogins: number[]) => Promise<BrokerBench>,
  options: { rowOrders?: number } = {},
): Promise<void> {
  console.log(title);
  console.log(
    `${'path'.padEnd(28)} followers logins  order p50  order p99   last p50   last p99   (${SIZES.map((n) => `${eventsFor(n, options.rowOrders)} events after ${warmupFor(n)} warm-up events at ${n}`).join(', ')}, ${new Date().toISOString()})`,
  );
  for (const followers of SIZES) {
    const bench = await setup(loginSizes(followers));
    try {
      for (const line of await measure(bench, followers, options.rowOrders)) console.log(line);
    } finally {
      await bench.close();
    }
  }
}

export function runMain(main: () => Promise<void>): void {
  void main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
