import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error';
import { findPhoto } from '../../profile/profile-repo';

/** The public `GET /photos/:id` (the upload, `POST /auth/profile/photo`, is in `routes/auth/profile-photo.ts`). */
export const photoRoutes: FastifyPluginAsync = async (app) => {
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
