import type { FastifyPluginAsync } from 'fastify';
import { feedRoute } from './accounts';

/** `/ws/*` (no `/api/v1` prefix): the accounts feed. */
export const wsPrefix: FastifyPluginAsync = async (app) => {
  await app.register(feedRoute);
};
