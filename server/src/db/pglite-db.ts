import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Db } from './db';
import { openPglite } from './pglite-options';

type Queryable = Pick<Transaction, 'query' | 'exec'>;

function wrap(target: Queryable, inTx: boolean, root: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    onCallersThread: true,
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
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
 * Embedded PostgreSQL on the calling thread: a data folder on disk, or memory when `dataDir` is undefined (tests),
 * optionally starting from a dumped data folder (`loadDataDir`, tests use a migrated template). The server itself
 * runs it on a thread of its own (`pglite-worker-db.ts`).
 */
export async function createPgliteDb(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const pglite = await openPglite(dataDir, loadDataDir);
  return wrap(pglite, false, pglite);
}
