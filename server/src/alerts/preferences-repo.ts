import { ALERT_LAG_DEFAULT_SECONDS } from '@synctrade/api/validation';
import type { Db } from '../db/db';

/** Seconds the trader lets a follower stay out of sync or throttled before it is an alert. */
export async function outOfSyncAfterSeconds(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ out_of_sync_after_s: number }>(
    'SELECT out_of_sync_after_s FROM alert_preferences WHERE user_id = $1',
    [userId],
  );
  return row?.out_of_sync_after_s ?? ALERT_LAG_DEFAULT_SECONDS;
}

export async function saveOutOfSyncAfter(db: Db, userId: number, seconds: number): Promise<void> {
  await db.query(
    `INSERT INTO alert_preferences (user_id, out_of_sync_after_s) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET out_of_sync_after_s = EXCLUDED.out_of_sync_after_s`,
    [userId, seconds],
  );
}
