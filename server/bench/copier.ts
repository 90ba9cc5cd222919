/**
 * `pnpm bench copier`: leader event → last follower order sent, for 1, 10, 50 and 200 followers on the
 * paper venue, with the engine's store in memory (the baseline: no storage at all), on the embedded database
 * as the server runs it (intents journaled, the database written behind), and on the embedded database with
 * each claim decided by a statement (how a shared PostgreSQL runs it). Prints p50, p99, max and follower
 * orders per second on one core (the venue's own work included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDb } from '../src/db/pglite-db';
import { migrate } from '../src/db/migrate';
import type { Db } from '../src/db/db';
import { MemoryCopyStore } from '../src/copier/engine/memory-store';
import type { CopyStore } from '../src/copier/engine/ports';
import { JournaledCopyStore } from '../src/copier/store/journaled-store';
import { SqlCopyStore } from '../src/copier/store/sql-store';
import { frontMonth } from '@synctrade/market';
import { buildGroup, USER_ID } from './copy-group';
import type { EngineAccount } from '../src/copier/engine/types';

const SIZES = (process.env.BENCH_FOLLOWERS ?? '1,10,50,200').split(',').map(Number);
const SYMBOL = frontMonth('ES');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function seedDb(db: Db, accounts: EngineAccount[]): Promise<void> {
  await db.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, 'bench@example.com', 'x')`, [
    USER_ID,
  ]);
  for (const connectionId of new Set(accounts.map((a) => a.connectionId))) {
    await db.query(
      `INSERT INTO connections (id, user_id, broker, name, environment, credentials) VALUES ($1, $2, 'sim', 'Bench', 'demo', 'x')`,
      [connectionId, USER_ID],
    );
  }
  for (const a of accounts) {
    await db.query(
      'INSERT INTO broker_accounts (id, connection_id, user_id, external_id, name) VALUES ($1, $2, $3, $4, $5)',
      [a.id, a.connectionId, USER_ID, a.externalId, a.name],
    );
  }
}

const STORES = ['memory', 'journal', 'sql-claim'] as const;
type StoreKind = (typeof STORES)[number];

async function run(followers: number, storeKind: StoreKind): Promise<string> {
  let db: Db | null = null;
  let store: CopyStore = new MemoryCopyStore();
  const journalDir = mkdtempSync(path.join(tmpdir(), 'synctrade-bench-'));
  const onError = (error: unknown): void => console.error(error);
  if (storeKind !== 'memory') {
    db = await createPgliteDb(path.join(journalDir, 'pglite'));
    await migrate(db);
    store =
      storeKind === 'journal'
        ? new JournaledCopyStore(db, { dir: path.join(journalDir, 'journal'), onError })
        : new SqlCopyStore(db, onError);
  }
  const group = await buildGroup(followers, store);
  if (db !== null) await seedDb(db, group.accounts);
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
  await store.flush();
  // The journal's background file work ends before its folder is removed.
  if (store instanceof JournaledCopyStore || store instanceof SqlCopyStore) await store.close();
  if (db !== null) await db.close();
  rmSync(journalDir, { recursive: true, force: true });
  const fmt = (ms: number): string => `${ms.toFixed(3)} ms`.padStart(11);
  return `${storeKind.padEnd(9)} ${String(followers).padStart(9)} ${String(latencies.length).padStart(7)} ${fmt(percentile(latencies, 50))} ${fmt(percentile(latencies, 99))} ${fmt(latencies[latencies.length - 1] ?? NaN)} ${Math.round(
    orders / elapsed,
  )
    .toString()
    .padStart(14)}`;
}

async function main(): Promise<void> {
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
