import type { Notification, NotificationKind } from '@synctrade/api/types';
import type { Db } from '../db/db';

interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
  account_id: number | null;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    created_at: new Date(row.created_at).toISOString(),
    account_id: row.account_id,
    read: row.read_at !== null,
  };
}

export async function insertNotification(
  db: Db,
  userId: number,
  input: { kind: NotificationKind; title: string; message: string; accountId?: number },
): Promise<Notification> {
  const rows = await db.query<NotificationRow>(
    `INSERT INTO notifications (user_id, kind, title, message, account_id)
     VALUES ($1, $2, $3, $4, (SELECT id FROM broker_accounts WHERE id = $5 AND user_id = $1))
     RETURNING id, kind, title, message, created_at, read_at, account_id`,
    [userId, input.kind, input.title, input.message, input.accountId ?? null],
  );
  return toNotification(rows[0] as NotificationRow);
}

/** Notifications answered at once: the newest; `unread` counts them all. */
export const MAX_NOTIFICATIONS = 100;
export const NOTIFICATIONS_BOUND = `The newest notifications, at most ${MAX_NOTIFICATIONS}; \`unread\` counts every unread one.`;

/** The newest `MAX_NOTIFICATIONS` notifications of the user. */
export async function listNotifications(db: Db, userId: number): Promise<Notification[]> {
  const rows = await db.query<NotificationRow>(
    `SELECT id, kind, title, message, created_at, read_at, account_id FROM notifications
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, MAX_NOTIFICATIONS],
  );
  return rows.map(toNotification);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const rows = await db.query<{ unread: number }>(
    'SELECT count(*) AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]?.unread ?? 0;
}

/** False when the id is not one of the user's notifications. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
}
