/**
 * `pnpm bench copier`: leader event → last follower order sent, for 1, 10, 50 and 200 followers on the
 * paper venue, with the engine's store in memory (the baseline: no storage at all), on the embedded database
 * as the server runs it (intents journaled, the database written behind), and on the embedded database with
 * each claim decided by a statement (how a shared PostgreSQL runs it). Prints p50, p99, max and follower
 * orders per second on one core (the venue's own work included).
 */
import { frontMonth } from '@synctrade/market';
import { openBenchStore, percentile, seedBenchDb, type StoreKind } from './bench-db';
import { buildGroup, USER_ID } from './copy-group';
import { runOpenLoop } from './copier-open-loop';

const SIZES = (process.env.BENCH_FOLLOWERS ?? '1,10,50,200').split(',').map(Number);
const SYMBOL = frontMonth('ES');
const ALL_STORES: StoreKind[] = ['memory', 'journal', 'sql-claim'];
// `BENCH_STORES=memory,journal` runs those rows only (a profile of one store's path).
const STORES = (process.env.BENCH_STORES?.split(',') ?? ALL_STORES).filter((kind): kind is StoreKind =>
  (ALL_STORES as string[]).includes(kind),
);

async function run(followers: number, storeKind: StoreKind): Promise<string> {
  const bench = await openBenchStore(storeKind);
  const { store } = bench;
  const group = await buildGroup(followers, store);
  if (bench.db !== null) await seedBenchDb(bench.db, group.accounts);
  // At least 300 events, so the p99 is not just the worst one or two.
  const events = Math.max(300, Math.min(1_000, Math.floor(20_000 / followers)));
  const warmup = 200;
  // Leader position swings between 1 and 3 contracts: every event moves every follower, none goes flat.
  await group.trader.placeOrder({
    accountExternalId: group.leaderExternalId,
    clientOrderId: '',
    symbol: SYMBOL,
    side: 'buy',
    qty: 1,
    type: 'Market',
  });
  await group.engine.idle(USER_ID);
  let started = 0;
  let sentBefore = 0;
  for (let i = 0; i < warmup + events; i += 1) {
    if (i === warmup) {
      group.engine.metrics.reset();
      await store.flush();
      started = performance.now();
      sentBefore = group.engine.metrics.sent;
    }
    await group.trader.placeOrder({
      accountExternalId: group.leaderExternalId,
      clientOrderId: '',
      symbol: SYMBOL,
      side: i % 2 === 0 ? 'buy' : 'sell',
      qty: 2,
      type: 'Market',
    });
    await group.engine.idle(USER_ID);
  }
  const elapsed = (performance.now() - started) / 1000;
  const latencies = [...group.engine.metrics.events.values()]
    .map((e) => e.lastSentAt - e.receivedAt)
    .sort((a, b) => a - b);
  const orders = group.engine.metrics.sent - sentBefore;
  await group.engine.stop();
  group.venue.stop();
  await bench.close();
  const fmt = (ms: number): string => `${ms.toFixed(3)} ms`.padStart(11);
  return `${storeKind.padEnd(9)} ${String(followers).padStart(9)} ${String(latencies.length).padStart(7)} ${fmt(percentile(latencies, 50))} ${fmt(percentile(latencies, 99))} ${fmt(latencies[latencies.length - 1] ?? NaN)} ${Math.round(
    orders / elapsed,
  )
    .toString()
    .padStart(14)}`;
}

async function main(): Promise<void> {
  if (process.argv.includes('--open-loop')) return runOpenLoop();
  console.log(
    'Copy latency: leader fill event received → last follower order handed to the broker (sim venue, one process)',
  );
  console.log(`store     followers  events         p50         p99         max  orders/second`);
  for (const kind of STORES) {
    for (const followers of SIZES) console.log(await run(followers, kind));
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
