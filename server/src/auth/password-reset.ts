import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';
import { hashToken, randomToken } from '../security/tokens';
import { revokeAllSessions } from './sessions';
import { findUserByEmail, setPasswordHash } from './users';

export const RESET_TTL_MINUTES = 30;
export const MAX_RESET_MAILS_PER_HOUR = 5;
export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired';

/**
 * Sends a reset link when the account exists and has not had 5 mails this hour. The caller answers the
 * same whatever happened here, so the answer does not reveal whether the e-mail has an account.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  if (!user) return;
  const recent = await app.db.query<{ sent: number }>(
    `SELECT count(*) AS sent FROM password_resets WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
    [user.id],
  );
  if ((recent[0]?.sent ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return;
  const token = randomToken(32);
  await app.db.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [user.id, hashToken(token), RESET_TTL_MINUTES],
  );
  // The link comes from configuration, never from the request's Host header (no link poisoning).
  const link = `${app.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await app.mailer.send({
    to: user.email,
    subject: 'Reset your SyncTrade password',
    text: `Someone asked to reset the password of your SyncTrade account.\n\nSet a new password here (valid ${RESET_TTL_MINUTES} minutes, once):\n${link}\n\nIf it was not you, ignore this mail.`,
  });
}

/** Spends the token (single use), sets the password, ends every session and every other pending link. */
export async function resetPassword(app: FastifyInstance, token: string, newPassword: string): Promise<void> {
  const passwordHash = await app.passwords.hash(newPassword);
  const userId = await app.db.tx(async (db) => {
    const rows = await db.query<{ user_id: number }>(
      `UPDATE password_resets SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) throw AppError.badRequest(INVALID_RESET_TOKEN);
    await setPasswordHash(db, row.user_id, passwordHash);
    await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      row.user_id,
    ]);
    await revokeAllSessions(db, row.user_id);
    return row.user_id;
  });
  app.events.emit('session:revoked', { userId });
}
