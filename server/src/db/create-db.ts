import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Db } from './db';
import { createPgDb } from './pg-db';
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
  if (options.databaseUrl)
    return createPgDb({
      connectionString: options.databaseUrl,
      ...(options.idleInTransactionMs === undefined
        ? {}
        : { idleInTransactionMs: options.idleInTransactionMs }),
    });
  const folder = `${options.dataDir}/pglite`;
  await mkdir(folder, { recursive: true });
  if (!existsSync(`${folder}/PG_VERSION`)) {
    // A new data folder is created by initdb inside the worker, whose memory stays with the worker afterwards
    // (918 MB resident at idle after a first start against 461 MB after a restart): the worker that created it
    // ends, and a fresh one opens the folder.
    await (await createPgliteWorkerDb(folder)).close();
  }
  return createPgliteWorkerDb(folder);
}
