import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './accounts';
import { brokerRoutes } from './connect';
import { apiKeyConnectRoutes } from './connect-key';
import { loginConnectRoutes } from './connect-login';
import { connectionRoutes } from './connections';
import { deskRoutes } from './desk';
import { consentRoutes } from './sim-consent';

/** `/brokers/*`: the broker list and connect flows, connections, accounts, the desk table, the paper consent page. */
export const brokersPrefix: FastifyPluginAsync = async (app) => {
  await app.register(apiKeyConnectRoutes);
  await app.register(loginConnectRoutes);
  await app.register(brokerRoutes);
  await app.register(connectionRoutes);
  await app.register(accountRoutes);
  await app.register(deskRoutes, app.copier);
  await app.register(consentRoutes);
};
