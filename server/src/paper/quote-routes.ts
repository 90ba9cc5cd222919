import type { FastifyPluginAsync } from 'fastify';
import type { MarketQuote } from '@synctrade/api/types';

/** `GET /market/quotes`: the paper venue's current prices (the desk's ticket shows them). */
export const quoteRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/market/quotes',
    { preHandler: app.authenticate, schema: { tags: ['market'], security: [{ bearer: [] }] } },
    async (): Promise<MarketQuote[]> => app.simVenue.quotes(),
  );
};
