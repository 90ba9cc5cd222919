import type { Db } from '../db/db';
import { hashToken, randomToken } from '../security/tokens';

/** A feed ticket lives this long and opens one socket: the access token never goes into a URL. */
export const TICKET_TTL_SECONDS = 30;

export async function issueFeedTicket(db: Db, userId: number, sessionId: string): Promise<string> {
  const ticket = randomToken(24);
  await db.query(
    `INSERT INTO ws_tickets (ticket_hash, user_id, session_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashToken(ticket), userId, sessionId, TICKET_TTL_SECONDS],
  );
  // Expired tickets of anyone are swept here, so the table stays small without a timer.
  await db.query('DELETE FROM ws_tickets WHERE expires_at < now()');
  return ticket;
}

/** Spends a ticket (the DELETE makes it single use even under a race); null when unknown, used or expired. */
export async function redeemFeedTicket(
  db: Db,
  ticket: string,
): Promise<{ userId: number; sessionId: string } | null> {
  const rows = await db.query<{ user_id: number; session_id: string; live: boolean }>(
    `DELETE FROM ws_tickets t WHERE ticket_hash = $1
     RETURNING user_id, session_id,
       (expires_at > now() AND EXISTS (
          SELECT 1 FROM sessions s WHERE s.id = t.session_id AND s.revoked_at IS NULL AND s.expires_at > now())) AS live`,
    [hashToken(ticket)],
  );
  const row = rows[0];
  return row?.live ? { userId: row.user_id, sessionId: row.session_id } : null;
}
