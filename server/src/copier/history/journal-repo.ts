import type { DayJournal } from '@synctrade/api/types';
import type { Db } from '../../db/db';
import { readInIndexOrder } from '../../lists/index-order';
import { keysetPages, mapChunks } from '../../lists/keyset-pages';

/** Day notes read per chunk: a note holds up to 5,000 characters, so a chunk stays under a megabyte. */
export const DAY_NOTES_CHUNK = 200;

/**
 * The user's day notes between two dates (either may be open), in date order, read in chunks as the consumer asks
 * for them: a note may be written for any day of any year, so the list has no useful bound of its own.
 */
export function dayJournalChunks(
  db: Db,
  userId: number,
  start: string | null,
  end: string | null,
  size = DAY_NOTES_CHUNK,
): AsyncGenerator<DayJournal[]> {
  const chunks = keysetPages<{ day: string; note: string }, string>(
    (after, limit) =>
      readInIndexOrder(
        db,
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, note FROM copy_day_journals
         WHERE user_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date)
           AND ($4::date IS NULL OR day > $4::date)
         ORDER BY day LIMIT $5`,
        [userId, start, end, after, limit],
      ),
    (last) => last.day,
    size,
  );
  return mapChunks(chunks, (row) => ({ date: row.day, note: row.note }));
}

/** Sets the user's note for a day (a new note replaces the old one). */
export async function setDayJournal(db: Db, userId: number, date: string, note: string): Promise<void> {
  await db.query(
    `INSERT INTO copy_day_journals (user_id, day, note) VALUES ($1, $2::date, $3) ON CONFLICT (user_id, day) DO UPDATE SET note = EXCLUDED.note`,
    [userId, date, note],
  );
}
