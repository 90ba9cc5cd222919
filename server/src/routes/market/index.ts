import type { FastifyPluginAsync } from 'fastify';
import { marketRoutes } from './quotes';

/** `/market/*`: quotes. The paper venue is the one price source today (`market/quote-source.ts` is the port). */
export const marketPrefix: FastifyPluginAsync = async (app) => {
  await app.register(marketRoutes, { quotes: app.paperVenue });
};
