import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Db } from './db';
import { createPgliteFolder } from './pglite-create';
import { createPgliteWorkerDb } from './pglite-worker-db';

/**
 * PostgreSQL when a URL is configured, else PGlite in `<dataDir>/pglite`, on a thread of its own. `idleInTransactionMs` (PostgreSQL only)
 * makes the database end any transaction of the pool left idle that long.
 */
export async function createDb(options: {
  databaseUrl?: string;
  dataDir: string;
  idleInTransactionMs?: number;
}): Promise<Db> {
  if (options.databaseUrl) {
    // The PostgreSQL client loads only when one is configured: the embedded default does not hold it (issue 48).
    const { createPgDb } = await import('./pg-db');
    return createPgDb({
      connectionString: options.databaseUrl,
      ...(options.idleInTransactionMs === undefined
        ? {}
        : { idleInTransactionMs: options.idleInTransactionMs }),
    });
  }
  const folder = `${options.dataDir}/pglite`;
  await mkdir(folder, { recursive: true });
  // A new folder is created in a process of its own, whose memory goes with it (`pglite-create.ts`).
  if (!existsSync(`${folder}/PG_VERSION`)) await createPgliteFolder(folder);
  return createPgliteWorkerDb(folder);
}
