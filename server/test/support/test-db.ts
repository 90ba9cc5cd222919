import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/db/db';
import { createPgDb } from '../../src/db/pg-db';
import { createPgliteDb } from '../../src/db/pglite-db';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function usingPostgres(): boolean {
  return process.env.TEST_DB === 'postgres';
}

/**
 * A fresh, empty database: PGlite in memory, or (TEST_DB=postgres) a new schema on the local PostgreSQL,
 * dropped again when the Db is closed. Migrations are the caller's job.
 */
export async function createTestDb(): Promise<Db> {
  if (!usingPostgres()) return createPgliteDb();
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
