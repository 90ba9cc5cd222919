import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';

/** Where every team's numbered SQL files live: 001-099 core, 100-199 copy engine, 200-299 Tradovate. */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

const NAME = /^\d{3}_[a-z0-9_-]+\.sql$/;

/**
 * Applies the numbered migrations not yet recorded, in filename order, each in its own transaction.
 * An advisory lock keeps two server nodes from migrating at once.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(dir)).filter((file) => NAME.test(file)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    const done = await db.tx(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(724301)');
      const seen = await tx.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [
        file,
      ]);
      if (seen.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
