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

/** Fields left out of the payload (undefined) keep their stored value. */
export async function updateProfile(
  db: Db,
  userId: number,
  input: { username?: string; first_name?: string; last_name?: string; bio?: string },
): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET username = coalesce($2, username), first_name = coalesce($3, first_name),
       last_name = coalesce($4, last_name), bio = coalesce($5, bio), updated_at = now()
     WHERE id = $1 RETURNING *`,
    [userId, input.username ?? null, input.first_name ?? null, input.last_name ?? null, input.bio ?? null],
  );
  return rows[0] ?? null;
}
