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

/**
 * The embedded database has no autovacuum (PGlite runs PostgreSQL as one standalone backend): without this, every
 * updated or deleted row stays in its table and indexes for good, and the planner never has statistics. Each table
 * is vacuumed and analyzed in a statement of its own, so requests queued meanwhile run between tables. PostgreSQL's
 * own autovacuum does this for a server on PostgreSQL.
 */
export async function vacuumEmbedded(db: Db): Promise<void> {
  if (db.kind !== 'pglite') return;
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  for (const { name } of tables) await db.exec(`VACUUM (ANALYZE) ${name}`);
}

/** Runs `pruneExpired`, then `vacuumEmbedded`, every hour in the background; answers the stop function. */
export function schedulePruning(
  db: Db,
  owners: readonly Pruner[],
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(
    () => {
      pruneExpired(db, owners)
        .then(() => vacuumEmbedded(db))
        .catch(onError);
    },
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
