import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CLAIMS_IN_FLIGHT } from './claim-batches';
import { JournaledCopyStore } from './journaled-store';
import { SqlCopyStore } from './sql-store';
import type { CopyStoreFence } from './store-fence';

/**
 * The embedded database belongs to this process alone, so claims are decided here and journaled; a
 * PostgreSQL server may be shared by several server processes, so there the database decides each claim (with a
 * fence, only while this process may run the user's copy group; the fence also guards the rows written behind).
 */
export function copyStoreFor(
  app: FastifyInstance,
  onError: (error: unknown) => void,
  fence: CopyStoreFence | null = null,
): SqlCopyStore | JournaledCopyStore {
  if (app.db.kind === 'postgres') {
    // The claim stands between a leader's fill and its copies: it gets connections of its own, as many as claim
    // statements run at once, so it never queues behind the requests and writes of the rest of the server.
    const claimDb = app.db.reserved?.(CLAIMS_IN_FLIGHT) ?? app.db;
    return new SqlCopyStore(app.db, onError, undefined, fence, fence, claimDb);
  }
  return new JournaledCopyStore(app.db, {
    dir: path.join(app.config.dataDir, 'copier-journal'),
    fsync: app.config.copierJournalFsync,
    onError,
  });
}
