import { authenticator } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { hashToken, randomToken } from '../security/tokens';
import type { UserRow } from './users';

// One 30-second step either side tolerates clock drift of the phone.
authenticator.options = { window: 1 };

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

/** The TOTP time step a code belongs to, or null when it matches no step in the window. */
export function totpStep(code: string, secret: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(Date.now() / 30_000) + delta;
}

/**
 * Checks a login or disable code against the enabled secret (a TOTP code not used before) or an unused
 * recovery code, and consumes it. Answers false for anything else.
 */
export async function consumeSecondFactor(
  app: FastifyInstance,
  user: UserRow,
  code: string,
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const trimmed = code.trim().replace(/\s+/g, '');
  const secret = app.secrets.open<string>(user.totp_secret);
  const step = totpStep(trimmed, secret);
  if (step !== null) {
    // The conditional update makes a replayed code (same or older step) fail, even under a race.
    const rows = await app.db.query<{ id: number }>(
      `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [user.id, step],
    );
    return rows.length > 0;
  }
  const hash = hashToken(trimmed.toLowerCase());
  const rows = await app.db.query<{ id: number }>(
    `UPDATE users SET recovery_codes = recovery_codes - $2::text WHERE id = $1 AND recovery_codes ? $2::text RETURNING id`,
    [user.id, hash],
  );
  return rows.length > 0;
}
