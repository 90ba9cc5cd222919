import type { FastifyPluginAsync } from 'fastify';
import { consentRoutes } from './consent-routes';
import { ledgerRoutes } from './ledger-routes';
import { quoteRoutes } from './quote-routes';
import { ticketRoutes } from './ticket-routes';

/**
 * The built-in paper broker's HTTP surface: its consent page (the venue's "OAuth"), the order ticket, a paper
 * account's ledger and the quotes. The venue itself (`brokers/sim`) knows nothing of HTTP.
 */
export const paperPlugin: FastifyPluginAsync = async (app) => {
  await app.register(consentRoutes);
  await app.register(ticketRoutes);
  await app.register(ledgerRoutes);
  await app.register(quoteRoutes);
};
