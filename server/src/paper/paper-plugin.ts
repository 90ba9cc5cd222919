import type { FastifyPluginAsync } from 'fastify';
import { consentRoutes } from './consent-routes';
import { ledgerRoutes } from './ledger-routes';
import { ticketRoutes } from './ticket-routes';

/**
 * The built-in paper broker's HTTP surface: its consent page (the venue's "OAuth"), the order ticket and a paper
 * account's ledger. The venue itself (`brokers/paper`) knows nothing of HTTP; its prices are served by `market/`.
 */
export const paperPlugin: FastifyPluginAsync = async (app) => {
  await app.register(consentRoutes);
  await app.register(ticketRoutes);
  await app.register(ledgerRoutes);
};
