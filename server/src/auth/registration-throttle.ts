import type { Db } from '../db/db';
import { AppError } from '../http/app-error';

export const REGISTRATION_WINDOW_MINUTES = 60;
/** Registration tries of one address inside the window before each further try is slowed down. */
export const REGISTRATION_SLOWDOWN_AFTER = 10;
/** Tries of one address inside the window after which it must wait (429 with Retry-After). */
export const MAX_REGISTRATIONS = 30;
const SLOWDOWN_MAX_MS = 5_000;

/** How long a try waits when the address tried `tries` times lately (0 below the threshold). */
export function registrationSlowdownMs(tries: number, stepMs: number): number {
  if (tries < REGISTRATION_SLOWDOWN_AFTER) return 0;
  return Math.min((tries - REGISTRATION_SLOWDOWN_AFTER + 1) * stepMs, SLOWDOWN_MAX_MS);
}

/**
 * Counts this try of the address, then slows it down or refuses it. Registration answers 409 for an e-mail
 * already in use (the spec's flow signs the new user in), so repeated tries are what reveal accounts: they
 * get slower per address, and stop for a while after MAX_REGISTRATIONS.
 */
export async function awaitRegistrationTurn(db: Db, ip: string, stepMs: number): Promise<void> {
  const [row] = await db.query<{ tries: number; oldest: Date | null }>(
    `SELECT count(*) AS tries, min(created_at) AS oldest FROM registration_attempts
     WHERE ip = $1 AND created_at > now() - make_interval(mins => $2)`,
    [ip, REGISTRATION_WINDOW_MINUTES],
  );
  const tries = Number(row?.tries ?? 0);
  if (tries >= MAX_REGISTRATIONS) {
    const freeAt = new Date(row?.oldest ?? Date.now()).getTime() + REGISTRATION_WINDOW_MINUTES * 60_000;
    throw AppError.tooManyRequests(
      'Too many sign-up attempts from this address. Please try again later.',
      (freeAt - Date.now()) / 1000,
    );
  }
  await db.query('INSERT INTO registration_attempts (ip) VALUES ($1)', [ip]);
  const wait = registrationSlowdownMs(tries, stepMs);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
