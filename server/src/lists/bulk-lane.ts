import { setImmediate as afterPoll, setTimeout as rest } from 'node:timers/promises';
import { perDb } from '../db/batched-read';
import type { Db } from '../db/db';
import { perKeyQueue } from './per-key-queue';

const lanes = perDb((_db: Db) => perKeyQueue<'bulk'>());

/** What a bulk statement leaves on the server's thread besides the database's own work. */
export interface BulkWork {
  /**
   * Its rows come back to this thread to be handled (a chunk of a long list): the lane rests after it whatever the
   * database. A write answering a count (a chunk of an import) does not: it rests only when the database itself
   * runs on this thread.
   */
  rowsToHandle: boolean;
}

/**
 * Runs one bulk statement of `db` (a chunk of a long list, a chunk of an import) after the bulk statements already
 * waiting, one at a time across the server. A light request's statement never waits in this lane: it waits behind
 * at most the one bulk statement running, however many clients read or import at once.
 *
 * Each bulk statement starts after a full turn of the event loop, its poll phase included, so the requests that
 * arrived while the previous one ran are read and reach the database first (and, on the embedded database's own
 * thread, are queued before the next chunk). Where the statement's work lands on the server's thread (the
 * database runs there, or its rows are handled there), the lane then rests as long as the statement took, so bulk
 * work holds at most about half of that thread. Profiled with two clients importing 5,000 rows in a loop on an
 * embedded database on the main thread, the database's statements were three quarters of the main thread and it
 * was never idle: one importer's chunk followed the other's at once, and a light request was read only when the
 * lane ran dry. With the database on a thread of its own an import's chunks leave nothing to the main thread but
 * a count, and resting after them only made imports take twice as long.
 */
export function inBulkLane<T>(
  db: Db,
  statement: () => Promise<T>,
  work: BulkWork = { rowsToHandle: true },
): Promise<T> {
  const rests = work.rowsToHandle || db.onCallersThread === true;
  return lanes(db)('bulk', async () => {
    await afterPoll();
    const started = performance.now();
    try {
      return await statement();
    } finally {
      if (rests) await rest(Math.ceil(performance.now() - started));
    }
  });
}
