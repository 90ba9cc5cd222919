import { setImmediate as afterPoll, setTimeout as rest } from 'node:timers/promises';
import { perDb } from '../db/batched-read';
import type { Db } from '../db/db';
import { perKeyQueue } from './per-key-queue';

const lanes = perDb((_db: Db) => perKeyQueue<'bulk'>());

/**
 * Runs one bulk statement of `db` (a chunk of a long list, a chunk of an import) after the bulk statements already
 * waiting, one at a time across the server. A light request's statement never waits in this lane: it waits behind
 * at most the one bulk statement running, however many clients read or import at once (the embedded database runs
 * on the main thread, and two history readers alternating their chunks kept it busy all the time).
 *
 * Each bulk statement starts after a full turn of the event loop, its poll phase included, so the requests that
 * arrived while the previous one ran are read and reach the database first; and the lane then rests as long as the
 * statement took, so bulk work holds at most about half of the main thread. Profiled with two clients importing
 * 5,000 rows in a loop, the database's statements were three quarters of the main thread and it was never idle:
 * one importer's chunk followed the other's at once, and a light request was read only when the lane ran dry.
 */
export function inBulkLane<T>(db: Db, statement: () => Promise<T>): Promise<T> {
  return lanes(db)('bulk', async () => {
    await afterPoll();
    const started = performance.now();
    try {
      return await statement();
    } finally {
      await rest(Math.ceil(performance.now() - started));
    }
  });
}
