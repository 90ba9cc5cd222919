import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db';

const parsers = {
  [types.INT8]: (value: string): number => Number(value),
  [types.NUMERIC]: (value: string): number => Number(value),
};

type Queryable = Pick<Transaction, 'query' | 'exec'>;

function wrap(target: Queryable, inTx: boolean, root: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      // The parsers are the instance's (`createPgliteDb`): given again per query, PGlite copies its whole table of
      // parsers for that query and reads every value through the copy, a third of a 20-row read's time.
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
    async tx<T>(fn: (inner: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(db);
      return root.transaction((tx) => fn(wrap(tx, true, root)));
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
    async close(): Promise<void> {
      if (!inTx) await root.close();
    },
  };
  return db;
}

/**
 * PGlite's own start parameters, and a new WAL segment created at its size without writing 16 MB of zeros first
 * (`wal_init_zero`). PGlite runs without fsync (`-F`), so the zeros bought no durability; they were 48 of the
 * 134 MB written while 100,000 trades were imported (`pnpm bench history`), and with them the import took
 * 3.6–5.1 s against 3.5–3.6 s without (docs/bench/history.md, 2026-11-29).
 */
const START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/**
 * Embedded PostgreSQL: a data folder on disk, or memory when `dataDir` is undefined (tests), optionally
 * starting from a dumped data folder (`loadDataDir`, tests use a migrated template).
 */
export async function createPgliteDb(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const options = { parsers, startParams: [...START_PARAMS], ...(loadDataDir ? { loadDataDir } : {}) };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  return wrap(pglite, false, pglite);
}
