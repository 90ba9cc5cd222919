import type { FastifyPluginAsync } from 'fastify';

/** The copier's API: roles, ratios, risk, orders, history and journals (registered under /api/v1). */
export const copierPlugin: FastifyPluginAsync = async () => {
  // Routes are added as the engine lands.
};
