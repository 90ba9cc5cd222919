/**
 * The trade import's server path without a browser: 100,000 generated trades (`BENCH_ROWS`) checked and stored
 * in batches of 2,000 (the dashboard's batch), one batch at a time, on a fresh database per variant. Beside the
 * import as the server runs it, the same run stores the same batches as before issue 19 (the baseline: the
 * previous statement, with the foreign key to users checked on every row) and with today's statement but that
 * per-row check put back (what migration 441 saves).
 * PGlite on a data folder as the server keeps it; PostgreSQL too when `BENCH_DATABASE_URL` names a database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportTradeRow } from '@synctrade/api/types';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { createPgDb } from '../src/db/pg-db';
import { createPgliteDb } from '../src/db/pglite-db';
import { createPgliteWorkerDb } from '../src/db/pglite-worker-db';
import { validateImportRows } from '../src/copier/history/import-rows';
import { importTrades } from '../src/copier/history/trades-repo';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 2_000;

/** The statement before issue 19's import work: one JSON document per batch, unpacked by the database. */
async function previousImport(db: Db, userId: number, rows: readonly ImportTradeRow[]): Promise<number> {
  const [counted] = await db.query<{ inserted: number }>(
    `WITH inserted AS (
       INSERT INTO copy_trades (user_id, external_id, source, connection_name, account_name, symbol, side, qty, entry_time,
         exit_time, entry_price, exit_price, pnl)
       SELECT $1, x.external_id, 'import', 'Import', '', x.symbol, x.side, x.qty, x.entry_time, x.exit_time, x.entry_price,
         x.exit_price, x.pnl
       FROM jsonb_to_recordset($2::jsonb) AS x(external_id text, symbol text, side text, qty numeric, entry_time timestamptz,
         exit_time timestamptz, entry_price numeric, exit_price numeric, pnl numeric)
       ON CONFLICT (user_id, external_id) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS inserted FROM inserted`,
    [userId, JSON.stringify(rows)],
  );
  return counted?.inserted ?? 0;
}

function generate(count: number): Record<string, unknown>[] {
  const start = Date.UTC(2024, 0, 2, 14, 30);
  return Array.from({ length: count }, (_, i) => {
    const entry = start + i * 60_000;
    const entryPrice = 5000 + (i % 400) * 0.25;
    const exitPrice = entryPrice + ((i % 7) - 3) * 0.25;
    return {
      symbol: i % 3 === 0 ? 'MNQZ6' : 'ESZ6',
      side: i % 2 === 0 ? 'buy' : 'sell',
      qty: 1 + (i % 5),
      entry_time: new Date(entry).toISOString(),
      exit_time: new Date(entry + 45_000).toISOString(),
      entry_price: entryPrice,
      exit_price: exitPrice,
      pnl: Math.round((exitPrice - entryPrice) * 50 * 100) / 100,
      external_id: `perf-${i}`,
    };
  });
}

interface Fresh {
  db: Db;
  drop(): Promise<void>;
}

async function freshDb(backend: 'pglite' | 'postgres'): Promise<Fresh> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'synctrade-import-'));
    // BENCH_PGLITE=thread: on the bench's own thread (tools, tests); else on a thread of its own, as the server runs it.
    const db =
      process.env.BENCH_PGLITE === 'thread' ? await createPgliteDb(dir) : await createPgliteWorkerDb(dir);
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // PostgreSQL: the database named by the URL itself (migrated, as the server does); the bench's user and its
  // trades are deleted afterwards.
  const db = await createPgDb({ connectionString: process.env.BENCH_DATABASE_URL as string });
  return {
    db,
    async drop() {
      await db.query(`DELETE FROM users WHERE email = 'bench-import@example.com'`);
      await db.close();
    },
  };
}

type Importer = (db: Db, userId: number, rows: readonly ImportTradeRow[]) => Promise<number>;

/** The constraint migration 441 replaced by one lock of the owner per statement. */
const PER_ROW_FOREIGN_KEY = `ALTER TABLE copy_trades ADD CONSTRAINT copy_trades_user_id_fkey
  FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`;

interface Variant {
  label: string;
  importer: Importer;
  perRowForeignKey: boolean;
}

const VARIANTS: Variant[] = [
  { label: 'baseline (before 19)', importer: previousImport, perRowForeignKey: true },
  { label: 'now + per-row FK check', importer: importTrades, perRowForeignKey: true },
  { label: 'importTrades (now)', importer: importTrades, perRowForeignKey: false },
];

async function run(
  backend: 'pglite' | 'postgres',
  { label, importer, perRowForeignKey }: Variant,
  trades: unknown[],
) {
  const fresh = await freshDb(backend);
  try {
    await migrate(fresh.db);
    if (perRowForeignKey) await fresh.db.query(PER_ROW_FOREIGN_KEY);
    const [user] = await fresh.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash) VALUES ('bench-import@example.com', 'x') RETURNING id`,
    );
    const userId = Number(user?.id);
    const cpu = process.cpuUsage();
    const started = performance.now();
    let inserted = 0;
    let storing = 0;
    for (let at = 0; at < trades.length; at += BATCH) {
      const rows = validateImportRows({ trades: trades.slice(at, at + BATCH) });
      const t = performance.now();
      inserted += await importer(fresh.db, userId, rows);
      storing += performance.now() - t;
    }
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const again = await importer(fresh.db, userId, validateImportRows({ trades: trades.slice(0, BATCH) }));
    console.log(
      `${backend.padEnd(8)} ${label.padEnd(24)} ${String(inserted).padStart(7)} rows  ${wall.toFixed(0).padStart(6)} ms` +
        `  storing ${storing.toFixed(0).padStart(6)} ms  CPU (this process) ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} ms` +
        `  re-import: ${again} new`,
    );
  } finally {
    if (perRowForeignKey)
      await fresh.db.query('ALTER TABLE copy_trades DROP CONSTRAINT copy_trades_user_id_fkey');
    await fresh.drop();
  }
}

async function main(): Promise<void> {
  const trades = generate(ROWS);
  const backends: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  console.log(`${ROWS} trades in batches of ${BATCH}, one at a time; ${rounds} rounds, alternating`);
  for (const backend of backends) {
    for (let round = 0; round < rounds; round++) {
      for (const variant of VARIANTS) await run(backend, variant, trades);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
