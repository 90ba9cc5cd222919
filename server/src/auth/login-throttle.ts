import type { Db } from '../db/db';
import { AppError } from '../http/app-error';

/** Failures of one account from one address inside the window, after which that pair must wait. */
export const MAX_PAIR_FAILURES = 10;
export const WINDOW_MINUTES = 15;
/**
 * Failures of one account from all addresses inside the window after which every further try on it is slowed
 * down (never refused, so nobody can lock a trader out): each failure past the threshold adds SLOWDOWN_STEP_MS
 * of wait before the password is checked, up to SLOWDOWN_MAX_MS.
 */
export const SLOWDOWN_AFTER = 10;
export const SLOWDOWN_STEP_MS = 500;
export const SLOWDOWN_MAX_MS = 5_000;

const TOO_MANY = 'Too many failed sign-in attempts. Please try again later.';

/** How long a try waits when the account failed `failures` times lately (0 below the threshold). */
export function slowdownMs(failures: number, stepMs = SLOWDOWN_STEP_MS): number {
  if (failures < SLOWDOWN_AFTER) return 0;
  return Math.min((failures - SLOWDOWN_AFTER + 1) * stepMs, SLOWDOWN_MAX_MS);
}

interface Failures {
  pair: number;
  pairOldest: Date | null;
  account: number;
}

async function recentFailures(db: Db, email: string, ip: string): Promise<Failures> {
  const rows = await db.query<{ pair: number; pair_oldest: Date | null; account: number }>(
    `SELECT count(*) FILTER (WHERE ip = $2) AS pair, min(created_at) FILTER (WHERE ip = $2) AS pair_oldest,
       count(*) AS account
     FROM login_attempts WHERE email = $1 AND NOT succeeded AND created_at > now() - make_interval(mins => $3)`,
    [email, ip, WINDOW_MINUTES],
  );
  const row = rows[0];
  return {
    pair: Number(row?.pair ?? 0),
    pairOldest: row?.pair_oldest ?? null,
    account: Number(row?.account ?? 0),
  };
}

/**
 * 429 with Retry-After when this address failed too often on this account lately; otherwise waits the
 * account's slow-down. The e-mail counts whether or not an account exists, so the answer tells nothing.
 */
export async function awaitLoginTurn(
  db: Db,
  email: string,
  ip: string,
  stepMs = SLOWDOWN_STEP_MS,
): Promise<void> {
  const failures = await recentFailures(db, email, ip);
  if (failures.pair >= MAX_PAIR_FAILURES && failures.pairOldest) {
    const freeAt = new Date(failures.pairOldest).getTime() + WINDOW_MINUTES * 60_000;
    throw AppError.tooManyRequests(TOO_MANY, (freeAt - Date.now()) / 1000);
  }
  const wait = slowdownMs(failures.account, stepMs);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
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
  // A success clears this address's failures on the account; others' failures keep slowing them down.
  if (succeeded)
    await db.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2 AND NOT succeeded', [email, ip]);
}
