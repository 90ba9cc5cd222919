import type { FastifyPluginAsync } from 'fastify';
import { connectionHealthRoutes } from './connection-health';
import { copySettingsRoutes } from './copy-settings';
import { deskOrderRoutes } from './desk-orders';
import { groupRoutes } from './groups';
import { historyRoutes } from './history';
import { orderRoutes } from './order-data';
import { riskRoutes } from './risk';
import { roleRoutes } from './roles';

/** `/copier/*`: roles, ratios, risk, the desk's orders, order data, history and journals (given `app.copier`). */
export const copierPrefix: FastifyPluginAsync = async (app) => {
  await app.register(roleRoutes, app.copier);
  await app.register(groupRoutes, app.copier);
  await app.register(connectionHealthRoutes, app.copier);
  await app.register(riskRoutes, app.copier);
  await app.register(copySettingsRoutes, app.copier);
  await app.register(deskOrderRoutes, app.copier);
  await app.register(orderRoutes, app.copier);
  await app.register(historyRoutes, app.copier);
};
