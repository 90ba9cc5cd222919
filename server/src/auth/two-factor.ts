import { authenticator } from 'otplib';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashToken, randomToken } from '../security/tokens';
import type { UserRow } from './users';

/** RFC 6238: 30-second steps; one step either side tolerates the phone's clock drift and a code typed late. */
export const STEP_SECONDS = 30;
const DRIFT_STEPS = [0, -1, 1];

export const ISSUER = 'SyncTrade';
const RECOVERY_CODES = 10;

export function newTotpSecret(): string {
  return authenticator.generateSecret();
}

export function otpauthUrl(email: string, secret: string): string {
  return authenticator.keyuri(email, ISSUER, secret);
}

/** Ten one-time recovery codes, shown once; only their hashes are kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () =>
    randomToken(8).replace(/[-_]/g, 'x').slice(0, 10).toLowerCase(),
  );
  return { codes, hashes: codes.map((code) => hashToken(code)) };
}

/** The code of one time step, computed the way authenticator apps do. */
function codeAt(secret: string, step: number): string {
  return authenticator.clone({ epoch: step * STEP_SECONDS * 1000 }).generate(secret);
}

/**
 * The TOTP time step a code belongs to (the current one, the one before or the one after), or null when it
 * matches none. Computed here rather than by the library's window, so the accepted drift is explicit.
 */
export function totpStep(code: string, secret: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / (STEP_SECONDS * 1000));
  for (const delta of DRIFT_STEPS) {
    const step = current + delta;
    if (timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** What became of a second-factor code. */
export type SecondFactorResult = 'accepted' | 'already-used' | 'invalid';

export const CODE_ALREADY_USED =
  'This code was already used. Wait for the next code from your authenticator app and enter it.';
export const INVALID_CODE = 'Invalid two-factor code';

/**
 * Checks a login or disable code against the enabled secret (a TOTP code of a step after the last one used)
 * or an unused recovery code, and consumes it.
 */
export async function consumeSecondFactor(
  app: FastifyInstance,
  user: UserRow,
  code: string,
): Promise<SecondFactorResult> {
  if (!user.totp_secret) return 'invalid';
  const trimmed = code.trim().replace(/\s+/g, '');
  const secret = app.secrets.open<string>(user.totp_secret);
  const step = totpStep(trimmed, secret);
  if (step !== null) {
    // The conditional update makes a replayed code (same or older step) fail, even under a race.
    const rows = await app.db.query<{ id: number }>(
      `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [user.id, step],
    );
    return rows.length > 0 ? 'accepted' : 'already-used';
  }
  const hash = hashToken(trimmed.toLowerCase());
  const rows = await app.db.query<{ id: number }>(
    `UPDATE users SET recovery_codes = recovery_codes - $2::text WHERE id = $1 AND recovery_codes ? $2::text RETURNING id`,
    [user.id, hash],
  );
  return rows.length > 0 ? 'accepted' : 'invalid';
}
