import { mkdir } from 'node:fs/promises';
import type { Db } from './db';
import { createPgDb } from './pg-db';
import { createPgliteDb } from './pglite-db';

/** PostgreSQL when a URL is configured, else PGlite in `<dataDir>/pglite`. */
export async function createDb(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return createPgDb({ connectionString: options.databaseUrl });
  const folder = `${options.dataDir}/pglite`;
  await mkdir(folder, { recursive: true });
  return createPgliteDb(folder);
}
