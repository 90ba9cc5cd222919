import type { FastifyPluginAsync } from 'fastify';
import { photoRoutes } from './photo';

/** `/photos/*`: the public profile photos. */
export const photosPrefix: FastifyPluginAsync = async (app) => {
  await app.register(photoRoutes);
};
