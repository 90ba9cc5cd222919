import type { Profile } from '@synctrade/api/types';
import { findUserById } from '../auth/users';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { randomToken } from '../security/tokens';
import { recordPhotoUpload } from './photo-quota';
import { replacePhoto, toProfile } from './profile-repo';

/**
 * Stores a user's new photo under a fresh id and answers the updated profile. The upload is counted in the
 * same transaction, so the quota and the stored photos never disagree.
 */
export async function storePhoto(
  db: Db,
  userId: number,
  photo: { contentType: string; data: Buffer },
): Promise<Profile> {
  const id = randomToken(16);
  const user = await db.tx(async (tx) => {
    await recordPhotoUpload(tx, userId, photo.data.length);
    await replacePhoto(tx, userId, { id, contentType: photo.contentType, data: photo.data });
    return findUserById(tx, userId);
  });
  if (!user) throw AppError.unauthorized();
  return toProfile(user);
}
