import type { FastifyPluginAsync } from 'fastify';
import type { MarketQuote } from '@synctrade/api/types';
import type { QuoteSource } from '../../market/quote-source';

export interface MarketRouteOptions {
  quotes: QuoteSource;
}

/** `GET /market/quotes`: the current price of every contract (the desk's ticket shows them). */
export const marketRoutes: FastifyPluginAsync<MarketRouteOptions> = async (app, { quotes }) => {
  app.get(
    '/market/quotes',
    { preHandler: app.authenticate, schema: { tags: ['market'], security: [{ bearer: [] }] } },
    async (): Promise<MarketQuote[]> => quotes.quotes(),
  );
};
