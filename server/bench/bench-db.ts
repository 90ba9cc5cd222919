import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { createPgDb } from '../src/db/pg-db';
import { createPgliteDb } from '../src/db/pglite-db';
import { createPgliteWorkerDb } from '../src/db/pglite-worker-db';
import type { CopyStore } from '../src/copier/engine/ports';
import { MemoryCopyStore } from '../src/copier/engine/memory-store';
import { JournaledCopyStore } from '../src/copier/store/journaled-store';
import { SqlCopyStore } from '../src/copier/store/sql-store';
import { CLAIMS_IN_FLIGHT } from '../src/copier/store/claim-batches';
import type { EngineAccount } from '../src/copier/engine/types';

/**
 * The copy stores the copier benches compare: `memory` (no storage at all, the baseline), `journal` (the server on
 * its embedded database, which runs on a thread of its own), `journal-thread` (the same with the embedded database
 * on the copies' thread, as before 2026-12-04), `sql-claim` (the embedded database with each claim decided by a
 * statement) and `postgres` (the server on PostgreSQL: each claim a statement on a real pool).
 */
export type StoreKind = 'memory' | 'journal' | 'journal-thread' | 'sql-claim' | 'postgres';

export interface BenchStore {
  store: CopyStore;
  db: Db | null;
  close(): Promise<void>;
}

export async function openBenchStore(kind: StoreKind, postgresUrl?: string): Promise<BenchStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'synctrade-bench-'));
  const onError = (error: unknown): void => console.error(error);
  let db: Db | null = null;
  let store: CopyStore = new MemoryCopyStore();
  if (kind === 'postgres') {
    if (postgresUrl === undefined) throw new Error('The postgres store needs BENCH_PG_URL');
    // A schema of its own, dropped at the end: the bench never touches another schema's rows.
    const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = createPgDb({ connectionString: postgresUrl, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    db = createPgDb({
      connectionString: postgresUrl,
      schema,
      onClose: async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      },
    });
    await migrate(db);
    // As the server wires it (`copy-store-for.ts`): claims on connections of their own.
    const claimDb = db.reserved?.(CLAIMS_IN_FLIGHT) ?? db;
    store = new SqlCopyStore(db, onError, undefined, null, null, claimDb);
  } else if (kind !== 'memory') {
    db =
      kind === 'journal-thread'
        ? await createPgliteDb(path.join(dir, 'pglite'))
        : await createPgliteWorkerDb(path.join(dir, 'pglite'));
    await migrate(db);
    store =
      kind === 'journal' || kind === 'journal-thread'
        ? new JournaledCopyStore(db, { dir: path.join(dir, 'journal'), onError })
        : new SqlCopyStore(db, onError);
  }
  return {
    store,
    db,
    async close() {
      await store.flush();
      // The store's background work ends before its database and folder go.
      if (store instanceof JournaledCopyStore || store instanceof SqlCopyStore) await store.close();
      if (db !== null) await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The users, connections and accounts the store's rows point at. */
export async function seedBenchDb(
  db: Db,
  accounts: Pick<EngineAccount, 'id' | 'userId' | 'connectionId' | 'externalId' | 'name'>[],
): Promise<void> {
  for (const userId of new Set(accounts.map((a) => a.userId))) {
    await db.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'x')`, [
      userId,
      `bench${userId}@example.com`,
    ]);
  }
  const connections = new Map(accounts.map((a) => [a.connectionId, a.userId]));
  for (const [connectionId, userId] of connections) {
    await db.query(
      `INSERT INTO connections (id, user_id, broker, name, environment, credentials) VALUES ($1, $2, 'sim', 'Bench', 'demo', 'x')`,
      [connectionId, userId],
    );
  }
  for (const a of accounts) {
    await db.query(
      'INSERT INTO broker_accounts (id, connection_id, user_id, external_id, name) VALUES ($1, $2, $3, $4, $5)',
      [a.id, a.connectionId, a.userId, a.externalId, a.name],
    );
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
