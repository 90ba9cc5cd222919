import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../src/db/db';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { createPgDb } from '../../src/db/pg-db';
import { createPgliteDb } from '../../src/db/pglite-db';
import { createPgliteWorkerDb } from '../../src/db/pglite-worker-db';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function usingPostgres(): boolean {
  return process.env.TEST_DB === 'postgres';
}

/**
 * A migrated PGlite data folder, dumped once per set of migration files: loading it takes a fraction of a
 * fresh `initdb` plus migrations, which keeps the suite fast. The file name carries a hash of the files.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  const file = path.join(tmpdir(), `synctrade-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const fresh = new PGlite();
    await migrate(await wrapForMigration(fresh));
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

async function wrapForMigration(pglite: PGlite): Promise<Db> {
  const db: Db = {
    kind: 'pglite',
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    tx: (fn) =>
      pglite.transaction((tx) =>
        fn({
          ...db,
          query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql) => void (await tx.exec(sql)),
        }),
      ),
    exec: async (sql) => void (await pglite.exec(sql)),
    close: () => pglite.close(),
  };
  return db;
}

/**
 * A fresh database: PGlite in memory, or (TEST_DB=postgres) a new schema on the local PostgreSQL,
 * dropped again when the Db is closed. Migrations are the caller's job.
 */
export async function createTestDb(): Promise<Db> {
  if (!usingPostgres())
    return process.env.TEST_PGLITE === 'worker'
      ? createPgliteWorkerDb(undefined, await pgliteTemplate())
      : createPgliteDb(undefined, await pgliteTemplate());
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return createPgDb({
    connectionString: TEST_POSTGRES_URL,
    schema,
    max: 5,
    onClose: async () => {
      const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    },
  });
}
