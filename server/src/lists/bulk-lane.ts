import { perDb } from '../db/batched-read';
import type { Db } from '../db/db';
import { perKeyQueue } from './per-key-queue';

const lanes = perDb((_db: Db) => perKeyQueue<'bulk'>());

/**
 * Runs one bulk statement of `db` (a chunk of a long list, a chunk of an import) after the bulk statements already
 * waiting, one at a time across the server. A light request's statement never waits in this lane: it waits behind
 * at most the one bulk statement running, however many clients read or import at once (the embedded database runs
 * on the main thread, and two history readers alternating their chunks kept it busy all the time).
 */
export function inBulkLane<T>(db: Db, statement: () => Promise<T>): Promise<T> {
  return lanes(db)('bulk', statement);
}
