import type { FastifyPluginAsync } from 'fastify';
import type { ConnectionHealth } from '@synctrade/api/types';
import { CONNECTIONS_BOUND } from '../../connections/list-bounds';
import type { CopierRouteOptions } from '../../copier/route-options';
import { connectionHealth } from '../../copier/engine/connection-health';
import { listBound } from '../../lists/list-bound';

/** The trader's connections as the copier holds them (in a cluster, answered by the node running the trader). */
export const connectionHealthRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };
  app.get(
    '/copier/connections/health',
    listBound(secured, CONNECTIONS_BOUND),
    async (request): Promise<ConnectionHealth[]> =>
      connectionHealth(engine.accounts.values(), engine.sessions, request.user.id),
  );
};
