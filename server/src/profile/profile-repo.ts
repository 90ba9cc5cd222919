import type { Profile } from '@synctrade/api/types';
import type { Db } from '../db/db';
import type { UserRow } from '../auth/users';

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

export async function updateProfile(
  db: Db,
  userId: number,
  input: { username: string; first_name: string; last_name: string; bio: string },
): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET username = $2, first_name = $3, last_name = $4, bio = $5, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [userId, input.username, input.first_name, input.last_name, input.bio],
  );
  return rows[0] ?? null;
}
