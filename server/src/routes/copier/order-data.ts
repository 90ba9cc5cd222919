import type { FastifyPluginAsync } from 'fastify';
import type { OrderData } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import { listOrders, MAX_ORDERS } from '../../copier/repo/orders-repo';
import type { CopierRouteOptions } from '../../copier/route-options';
import { listBound } from '../../lists/list-bound';

/** `GET /copier/order-data/:userId`: the orders list (see repo/orders-repo.ts), once the pending rows are written. */
export const orderRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  app.get<{ Params: { userId: string } }>(
    '/copier/order-data/:userId',
    listBound(
      secured,
      `The newest orders, at most ${MAX_ORDERS}; \`total_orders\` and \`summary\` count every order.`,
    ),
    async (request): Promise<OrderData> => {
      const userId = parseId(request.params.userId, 'User not found');
      if (userId !== request.user.id) throw AppError.notFound('User not found');
      await engine.store.flush();
      return listOrders(app.db, userId);
    },
  );
};
