import { pruneSimConsents } from '../brokers/sim/sql-authorizations';
import type { Db } from './db';

/** Deletes rows that can no longer matter: old sign-in attempts, ended sessions, spent links and tickets. */
export async function pruneExpired(db: Db): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'`);
  await db.query(
    `DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
  );
  await db.query(`DELETE FROM password_resets WHERE created_at < now() - interval '1 day'`);
  await db.query('DELETE FROM ws_tickets WHERE expires_at < now()');
  await db.query(`DELETE FROM photo_uploads WHERE created_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM registration_attempts WHERE created_at < now() - interval '1 day'`);
  await db.query('DELETE FROM connect_states WHERE expires_at < now()');
  await pruneSimConsents(db);
}

/** Runs `pruneExpired` every hour in the background; answers the stop function. */
export function schedulePruning(db: Db, onError: (error: unknown) => void): () => void {
  const timer = setInterval(
    () => {
      pruneExpired(db).catch(onError);
    },
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
