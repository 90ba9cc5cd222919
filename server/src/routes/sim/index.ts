import type { FastifyPluginAsync } from 'fastify';
import { ledgerRoutes } from './ledger';
import { orderChangeRoutes } from './order-changes';
import { ticketRoutes } from './orders';

/**
 * `/sim/*`: the built-in paper broker's order ticket and a paper account's ledger (its consent page is under
 * `/brokers/sim`). The venue itself (`brokers/sim`) knows nothing of HTTP; its prices are served by `/market`.
 */
export const simPrefix: FastifyPluginAsync = async (app) => {
  await app.register(ticketRoutes);
  await app.register(ledgerRoutes);
  await app.register(orderChangeRoutes);
};
