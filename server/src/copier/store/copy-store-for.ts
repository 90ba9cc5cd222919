import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JournaledCopyStore } from './journaled-store';
import { SqlCopyStore } from './sql-store';

/**
 * The embedded database belongs to this process alone, so claims are decided here and journaled; a
 * PostgreSQL server may be shared by several server processes, so there the database decides each claim.
 */
export function copyStoreFor(
  app: FastifyInstance,
  onError: (error: unknown) => void,
): SqlCopyStore | JournaledCopyStore {
  if (app.db.kind === 'postgres') return new SqlCopyStore(app.db, onError);
  return new JournaledCopyStore(app.db, {
    dir: path.join(app.config.dataDir, 'copier-journal'),
    fsync: app.config.copierJournalFsync,
    onError,
  });
}
