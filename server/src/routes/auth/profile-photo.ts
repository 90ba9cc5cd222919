import type { FastifyPluginAsync } from 'fastify';
import type { Profile } from '@synctrade/api/types';
import { assertPhotoAllowed } from '../../profile/photo-quota';
import { readPhoto } from '../../profile/read-photo';
import { storePhoto } from '../../profile/store-photo';

/** `POST /auth/profile/photo` (multipart field `photo`); the public `GET /photos/:id` is in `routes/photos`. */
export const photoUploadRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/auth/profile/photo',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], security: [{ bearer: [] }], consumes: ['multipart/form-data'] },
    },
    async (request): Promise<Profile> => {
      // Checked before the body is read, and again with its size: a refused upload costs no storage.
      await assertPhotoAllowed(app.db, request.user.id);
      const photo = await readPhoto(request);
      await assertPhotoAllowed(app.db, request.user.id, photo.data.length);
      return storePhoto(app.db, request.user.id, photo);
    },
  );
};
