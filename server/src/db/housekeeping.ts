import type { Db } from './db';

/** A table owner's own pruning, registered at start (the database layer knows no feature). */
export type Pruner = (db: Db) => Promise<void>;

/**
 * Deletes rows that can no longer matter: old sign-in attempts, ended sessions, spent links and tickets, then
 * what each registered owner prunes of its own tables.
 */
export async function pruneExpired(db: Db, owners: readonly Pruner[] = []): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'`);
  await db.query(
    `DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
  );
  await db.query(`DELETE FROM password_resets WHERE created_at < now() - interval '1 day'`);
  await db.query('DELETE FROM ws_tickets WHERE expires_at < now()');
  await db.query(`DELETE FROM photo_uploads WHERE created_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM registration_attempts WHERE created_at < now() - interval '1 day'`);
  await db.query('DELETE FROM connect_states WHERE expires_at < now()');
  for (const prune of owners) await prune(db);
}

/** Runs `pruneExpired` every hour in the background; answers the stop function. */
export function schedulePruning(
  db: Db,
  owners: readonly Pruner[],
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(
    () => {
      pruneExpired(db, owners).catch(onError);
    },
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
