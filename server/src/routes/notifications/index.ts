import type { FastifyPluginAsync } from 'fastify';
import { notificationRoutes } from './notifications';

/** `/notifications/*`: the user's notifications. */
export const notificationsPrefix: FastifyPluginAsync = async (app) => {
  await app.register(notificationRoutes);
};
