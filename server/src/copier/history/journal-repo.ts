import type { DayJournal } from '@synctrade/api/types';
import type { Db } from '../../db/db';

/** The user's day notes between two dates (either may be open), in date order. */
export async function dayJournals(
  db: Db,
  userId: number,
  start: string | null,
  end: string | null,
): Promise<DayJournal[]> {
  const rows = await db.query<{ day: string; note: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, note FROM copy_day_journals
     WHERE user_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date) ORDER BY day`,
    [userId, start, end],
  );
  return rows.map((row) => ({ date: row.day, note: row.note }));
}

/** Sets the user's note for a day (a new note replaces the old one). */
export async function setDayJournal(db: Db, userId: number, date: string, note: string): Promise<void> {
  await db.query(
    `INSERT INTO copy_day_journals (user_id, day, note) VALUES ($1, $2::date, $3) ON CONFLICT (user_id, day) DO UPDATE SET note = EXCLUDED.note`,
    [userId, date, note],
  );
}
