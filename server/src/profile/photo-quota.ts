import type { Db } from '../db/db';
import { AppError } from '../http/app-error';

/** Uploads one user may make per hour. */
export const MAX_UPLOADS_PER_HOUR = 10;
/** Bytes one user may upload per day (five photos at the 20 MB maximum). */
export const MAX_BYTES_PER_DAY = 100 * 1024 * 1024;

interface Usage {
  lastHour: number;
  oldestInHour: Date | null;
  bytesToday: number;
  oldestToday: Date | null;
}

async function usage(db: Db, userId: number): Promise<Usage> {
  const [row] = await db.query<{
    last_hour: number;
    oldest_in_hour: Date | null;
    bytes_today: number | null;
    oldest_today: Date | null;
  }>(
    `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour') AS last_hour,
       min(created_at) FILTER (WHERE created_at > now() - interval '1 hour') AS oldest_in_hour,
       sum(bytes) AS bytes_today, min(created_at) AS oldest_today
     FROM photo_uploads WHERE user_id = $1 AND created_at > now() - interval '1 day'`,
    [userId],
  );
  return {
    lastHour: Number(row?.last_hour ?? 0),
    oldestInHour: row?.oldest_in_hour ?? null,
    bytesToday: Number(row?.bytes_today ?? 0),
    oldestToday: row?.oldest_today ?? null,
  };
}

function secondsUntil(oldest: Date | null, windowMs: number): number {
  return oldest ? (new Date(oldest).getTime() + windowMs - Date.now()) / 1000 : 60;
}

/** 429 with Retry-After when the user uploaded too often lately, or would pass the day's bytes with `bytes`. */
export async function assertPhotoAllowed(db: Db, userId: number, bytes = 0): Promise<void> {
  const used = await usage(db, userId);
  if (used.lastHour >= MAX_UPLOADS_PER_HOUR)
    throw AppError.tooManyRequests(
      `At most ${MAX_UPLOADS_PER_HOUR} photo uploads per hour, please try again later`,
      secondsUntil(used.oldestInHour, 3_600_000),
    );
  if (used.bytesToday + bytes > MAX_BYTES_PER_DAY)
    throw AppError.tooManyRequests(
      'You have uploaded too many photo bytes today, please try again tomorrow',
      secondsUntil(used.oldestToday, 86_400_000),
    );
}

export async function recordPhotoUpload(db: Db, userId: number, bytes: number): Promise<void> {
  await db.query('INSERT INTO photo_uploads (user_id, bytes) VALUES ($1, $2)', [userId, bytes]);
}
