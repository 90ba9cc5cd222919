import type { FastifyPluginAsync } from 'fastify';
import type { Profile } from '@synctrade/api/types';
import { AppError } from '../http/app-error';
import { assertPhotoAllowed } from './photo-quota';
import { readPhoto } from './read-photo';
import { findPhoto } from './profile-repo';
import { storePhoto } from './store-photo';

/** `POST /auth/profile/photo` (multipart field `photo`) and the public `GET /photos/:id`. */
export const photoRoutes: FastifyPluginAsync = async (app) => {
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

  app.get('/photos/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(id)) throw AppError.notFound('Photo not found');
    const row = await findPhoto(app.db, id);
    if (!row) throw AppError.notFound('Photo not found');
    // A new upload gets a new id, so the bytes behind one address never change.
    return reply
      .header('content-type', row.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.data));
  });
};
