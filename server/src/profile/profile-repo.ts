import type { Profile } from '@synctrade/api/types';
import type { Db } from '../db/db';
import type { UserRow } from '../auth/users';
import { AppError } from '../http/app-error';

export const USERNAME_TAKEN = 'This username is already taken';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The public address of a stored photo; unguessable because the id is 128 random bits. */
export function photoUrl(photoId: string | null): string | null {
  return photoId ? `/api/v1/photos/${photoId}` : null;
}

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    bio: user.bio,
    photo_url: photoUrl(user.photo_id),
    two_factor_enabled: user.two_factor_enabled,
  };
}

/**
 * Fields left out of the payload (undefined) keep their stored value. A name another user took meanwhile is
 * refused by the unique index: 409, like the check before it.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: { username?: string; first_name?: string; last_name?: string; bio?: string },
): Promise<UserRow | null> {
  const rows = await db
    .query<UserRow>(
      `UPDATE users SET username = coalesce($2, username), first_name = coalesce($3, first_name),
       last_name = coalesce($4, last_name), bio = coalesce($5, bio), updated_at = now()
     WHERE id = $1 RETURNING *`,
      [userId, input.username ?? null, input.first_name ?? null, input.last_name ?? null, input.bio ?? null],
    )
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? AppError.conflict(USERNAME_TAKEN) : error;
    });
  return rows[0] ?? null;
}

/** Whether another user holds the name, in any case (the unique index `users_username_lower_key` agrees). */
export async function usernameTaken(db: Db, username: string, userId: number): Promise<boolean> {
  if (username === '') return false;
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE lower(username) = lower($1) AND username <> '' AND id <> $2 LIMIT 1`,
    [username, userId],
  );
  return rows.length > 0;
}

/** The user's one photo replaces the previous one (the caller runs it in its upload transaction). */
export async function replacePhoto(
  db: Db,
  userId: number,
  photo: { id: string; contentType: string; data: Uint8Array },
): Promise<void> {
  await db.query('DELETE FROM profile_photos WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO profile_photos (id, user_id, content_type, data) VALUES ($1, $2, $3, $4)', [
    photo.id,
    userId,
    photo.contentType,
    photo.data,
  ]);
  await db.query('UPDATE users SET photo_id = $2, updated_at = now() WHERE id = $1', [userId, photo.id]);
}

export async function findPhoto(
  db: Db,
  photoId: string,
): Promise<{ content_type: string; data: Uint8Array } | undefined> {
  const [row] = await db.query<{ content_type: string; data: Uint8Array }>(
    'SELECT content_type, data FROM profile_photos WHERE id = $1',
    [photoId],
  );
  return row;
}
