import type { Db } from './db';

/** Answers when the database does; throws when it cannot be reached. */
export async function pingDb(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
