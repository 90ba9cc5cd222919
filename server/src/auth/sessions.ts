import { batchedRead, perDb } from '../db/batched-read';
import type { Db } from '../db/db';
import { randomToken } from '../security/tokens';

export interface SessionRow {
  id: string;
  user_id: number;
}

/** Revocable login sessions: every access token names one, and it is checked on every request. */
export async function createSession(
  db: Db,
  input: { userId: number; ttlSeconds: number; ip: string; userAgent: string },
): Promise<string> {
  const id = randomToken(16);
  await db.query(
    `INSERT INTO sessions (id, user_id, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [id, input.userId, input.ip, input.userAgent.slice(0, 300), input.ttlSeconds],
  );
  return id;
}

// Checked on every request: concurrent checks share one statement (see db/batched-read.ts).
const liveSessionOwner = perDb((db: Db) =>
  batchedRead<string, number | null>(async (ids) => {
    const rows = await db.query<{ id: string; user_id: number }>(
      'SELECT id, user_id FROM sessions WHERE id = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > now()',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, Number(row.user_id)]));
  }, null),
);

export async function isSessionActive(db: Db, sessionId: string, userId: number): Promise<boolean> {
  return (await liveSessionOwner(db)(sessionId)) === userId;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
  ]);
}

/** Ends every session of the user but the one given (the one that made the change). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL',
    [userId, keepSessionId],
  );
}

/**
 * Whether the user holds, or lately held, a session opened from this address (sessions are kept until a day
 * after they end): such an address is the trader's own, and others' failed sign-ins never refuse it.
 */
/** `signedInFrom` by the account's e-mail, in one statement (false for an e-mail no account has). */
export async function emailSignedInFrom(db: Db, email: string, ip: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    'SELECT 1 AS one FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 AND s.ip = $2 LIMIT 1',
    [email, ip],
  );
  return rows.length > 0;
}

export async function signedInFrom(db: Db, userId: number, ip: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    'SELECT 1 AS one FROM sessions WHERE user_id = $1 AND ip = $2 LIMIT 1',
    [userId, ip],
  );
  return rows.length > 0;
}
