import type { Db } from '../db/db';
import { AppError } from '../http/app-error';

/** After this many failures inside the window, the account (or the address) must wait. */
export const MAX_FAILURES = 10;
export const WINDOW_MINUTES = 15;

const TOO_MANY = 'Too many failed sign-in attempts. Please try again later.';

interface Window {
  failures: number;
  oldest: Date | null;
}

async function failuresBy(db: Db, column: 'email' | 'ip', value: string): Promise<Window> {
  const rows = await db.query<{ failures: number; oldest: Date | null }>(
    `SELECT count(*) AS failures, min(created_at) AS oldest FROM login_attempts
     WHERE ${column} = $1 AND NOT succeeded AND created_at > now() - make_interval(mins => $2)`,
    [value, WINDOW_MINUTES],
  );
  return { failures: rows[0]?.failures ?? 0, oldest: rows[0]?.oldest ?? null };
}

/**
 * 429 with Retry-After when the e-mail or the address failed too often lately. The e-mail counts whether
 * or not an account exists, so the answer tells nothing about it.
 */
export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  for (const window of [await failuresBy(db, 'email', email), await failuresBy(db, 'ip', ip)]) {
    if (window.failures >= MAX_FAILURES && window.oldest) {
      const freeAt = new Date(window.oldest).getTime() + WINDOW_MINUTES * 60_000;
      throw AppError.tooManyRequests(TOO_MANY, (freeAt - Date.now()) / 1000);
    }
  }
}

export async function recordLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  succeeded: boolean,
): Promise<void> {
  await db.query('INSERT INTO login_attempts (email, ip, succeeded) VALUES ($1, $2, $3)', [
    email,
    ip,
    succeeded,
  ]);
  // A success clears the account's failures, so a user who finally typed it right starts afresh.
  if (succeeded) await db.query('DELETE FROM login_attempts WHERE email = $1 AND NOT succeeded', [email]);
}
