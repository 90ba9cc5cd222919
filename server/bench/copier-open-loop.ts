/**
 * `pnpm bench copier --open-loop`: capacity per node. 25 traders with 3 followers each trade on one engine; leader
 * fills arrive at a fixed offered rate whatever the engine is doing (an open loop: a busy engine does not slow the
 * market down), and each copy is timed from its fill's scheduled moment to its last follower order handed to the
 * broker, so every wait (a late timer, a blocked event loop, a queue) counts. The capacity of a store is the
 * highest offered rate whose p99 stays under 10 ms; the memory store (no storage at all) is the same run's baseline.
 *
 * BENCH_RATES (events/s, default 50,100,200,400,800,1600,3200), BENCH_STORES (default memory,journal, and postgres
 * when BENCH_PG_URL names a PostgreSQL database), BENCH_SECONDS (per rate, default 3).
 */
import { frontMonth } from '@synctrade/market';
import { openBenchStore, percentile, seedBenchDb, type StoreKind } from './bench-db';
import { buildDesk, type BenchDesk } from './copy-group';
import { idleLoopDelay, watchLoopDelay } from './loop-delay';

const TRADERS = 25;
const FOLLOWERS = 3;
const GOAL_P99_MS = 10;
/** A rate whose p99 passes this is far past capacity: higher rates would only queue longer. */
const GIVE_UP_P99_MS = 200;
const SYMBOL = frontMonth('ES');

interface RateResult {
  rate: number;
  events: number;
  p50: number;
  p99: number;
  max: number;
  loopP99: number;
  missing: number;
}

function settings(): { rates: number[]; stores: StoreKind[]; seconds: number; postgresUrl?: string } {
  const postgresUrl = process.env.BENCH_PG_URL;
  const stores = (
    process.env.BENCH_STORES ?? (postgresUrl ? 'memory,journal,postgres' : 'memory,journal')
  ).split(',') as StoreKind[];
  return {
    rates: (process.env.BENCH_RATES ?? '50,100,200,400,800,1600,3200').split(',').map(Number),
    stores,
    seconds: Number(process.env.BENCH_SECONDS ?? 3),
    ...(postgresUrl ? { postgresUrl } : {}),
  };
}

async function trade(desk: BenchDesk, leaderIndex: number, side: 'buy' | 'sell', qty: number): Promise<void> {
  const leader = desk.leaders[leaderIndex];
  if (leader === undefined) return;
  await leader.trader.placeOrder({
    accountExternalId: leader.externalId,
    clientOrderId: '',
    symbol: SYMBOL,
    side,
    qty,
    type: 'Market',
  });
}

async function idle(desk: BenchDesk): Promise<void> {
  await Promise.all(desk.leaders.map((leader) => desk.engine.idle(leader.userId)));
}

/** Sends `count` leader fills at `rate` per second, round robin over the traders; answers each one's scheduled time. */
async function offer(desk: BenchDesk, rate: number, count: number, sent: number[]): Promise<number[][]> {
  const scheduled: number[][] = desk.leaders.map(() => []);
  const interval = 1000 / rate;
  const start = performance.now() + 5;
  let next = 0;
  await new Promise<void>((resolve) => {
    const wake = (): void => {
      const now = performance.now();
      // Every fill whose moment has come goes now: a late wake-up delays them, and that delay is measured.
      for (; next < count && start + next * interval <= now; next += 1) {
        const leaderIndex = next % desk.leaders.length;
        const nth = sent[leaderIndex] ?? 0;
        sent[leaderIndex] = nth + 1;
        scheduled[leaderIndex]?.push(performance.timeOrigin + start + next * interval);
        // Each leader swings between 1 and 3 contracts: every fill moves every follower, none goes flat.
        void trade(desk, leaderIndex, nth % 2 === 0 ? 'buy' : 'sell', 2);
      }
      if (next >= count) resolve();
      else setTimeout(wake, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(wake, 5);
  });
  return scheduled;
}

/** Waits (on the engine's counters, not on time) until every offered fill has reached every follower. */
async function settled(desk: BenchDesk, expectedSends: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (desk.engine.metrics.sent < expectedSends && performance.now() < deadline) {
    await idle(desk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await idle(desk);
}

async function measure(
  kind: StoreKind,
  rate: number,
  seconds: number,
  postgresUrl?: string,
): Promise<RateResult> {
  const bench = await openBenchStore(kind, postgresUrl);
  const desk = await buildDesk(TRADERS, FOLLOWERS, bench.store);
  if (bench.db !== null) await seedBenchDb(bench.db, desk.accounts);
  const sent: number[] = desk.leaders.map(() => 0);
  // Every leader opens 1 contract, then a short warm-up at a low rate, so the run measures a warm engine.
  for (let i = 0; i < desk.leaders.length; i += 1) await trade(desk, i, 'buy', 1);
  await idle(desk);
  await offer(desk, Math.min(rate, 200), TRADERS * 4, sent);
  await settled(desk, TRADERS * 5 * FOLLOWERS);
  await bench.store.flush();
  desk.engine.metrics.reset();

  const count = Math.max(300, Math.round(rate * seconds));
  const loop = watchLoopDelay();
  const scheduled = await offer(desk, rate, count, sent);
  await settled(desk, count * FOLLOWERS);
  const loopDelay = loop.stop();

  // A leader's fills are copied in order: its k-th copy (by the moment the engine received it) is its k-th fill.
  const received = new Map<number, { receivedAt: number; lastSentAt: number }[]>();
  for (const [key, event] of desk.engine.metrics.events) {
    const leaderId = Number(/^f(\d+)-/.exec(key)?.[1]);
    if (!received.has(leaderId)) received.set(leaderId, []);
    received.get(leaderId)?.push(event);
  }
  const latencies: number[] = [];
  let missing = 0;
  desk.leaders.forEach((leader, index) => {
    const copies = (received.get(leader.accountId) ?? []).sort((a, b) => a.receivedAt - b.receivedAt);
    const times = scheduled[index] ?? [];
    missing += Math.max(0, times.length - copies.length);
    copies.forEach((copy, k) => {
      const at = times[k];
      if (at !== undefined) latencies.push(copy.lastSentAt - at);
    });
  });
  latencies.sort((a, b) => a - b);
  await desk.engine.stop();
  desk.venue.stop();
  await bench.close();
  return {
    rate,
    events: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    loopP99: loopDelay.p99,
    missing,
  };
}

export async function runOpenLoop(): Promise<void> {
  const { rates, stores, seconds, postgresUrl } = settings();
  console.log(
    `Open loop: ${TRADERS} traders × ${FOLLOWERS} followers on one engine (paper venue in process); fills offered at a fixed rate,`,
  );
  console.log(
    `each copy timed from its fill's scheduled moment to its last follower order sent. Capacity: highest rate with p99 < ${GOAL_P99_MS} ms.`,
  );
  // The loop's delay beside the same process doing nothing for as long: what the machine's other tenants add.
  const idle = await idleLoopDelay(seconds * 1000);
  console.log(
    `Loop p99: the event loop's delay (beyond its 1 ms timer), p99. Idle, this run: ${idle.p99.toFixed(2)} ms (max ${idle.max.toFixed(2)}).`,
  );
  console.log('store      rate/s  events        p50        p99        max  loop p99  missing');
  const capacity = new Map<StoreKind, number>();
  for (const kind of stores) {
    capacity.set(kind, 0);
    for (const rate of rates) {
      const r = await measure(kind, rate, seconds, postgresUrl);
      const fmt = (ms: number): string => `${ms.toFixed(2)} ms`.padStart(10);
      console.log(
        `${kind.padEnd(9)} ${String(rate).padStart(7)} ${String(r.events).padStart(7)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.max)} ${fmt(r.loopP99)} ${String(r.missing).padStart(8)}`,
      );
      if (r.p99 < GOAL_P99_MS && r.missing === 0) capacity.set(kind, rate);
      if (r.p99 > GIVE_UP_P99_MS) break;
    }
  }
  const baseline = capacity.get('memory') ?? 0;
  console.log('');
  console.log('store      capacity (events/s with p99 < 10 ms)  share of the memory store');
  for (const [kind, rate] of capacity) {
    const share = baseline > 0 ? `${Math.round((rate / baseline) * 100)} %` : 'n/a';
    console.log(`${kind.padEnd(9)} ${String(rate).padStart(10)} ${share.padStart(40)}`);
  }
}
