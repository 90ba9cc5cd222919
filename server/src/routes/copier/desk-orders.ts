import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { KillSwitchPayload, MessageResponse, WorkingOrder } from '@synctrade/api/types';
import { cancelAllOrders, workingOrders } from '../../copier/desk/desk-actions';
import { runKillSwitch } from '../../copier/desk/kill-switch';
import type { CopierRouteOptions } from '../../copier/route-options';
import { listBound } from '../../lists/list-bound';
import { WORKING_ORDERS_BOUND } from '../../paper/list-bounds';

/** The Sync Desk's working orders, its cancel-all and the phone kill switch (the desk table is in `routes/brokers/desk.ts`). */
export const deskOrderRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  // What Cancel all orders and Flatten would cancel: the desk shows it before asking to confirm.
  const working = listBound(secured, WORKING_ORDERS_BOUND);
  app.get('/copier/orders/working', working, async (request): Promise<WorkingOrder[]> =>
    workingOrders(engine, request.user.id),
  );

  app.post('/copier/orders/cancel-all', secured, async (request): Promise<MessageResponse> => {
    await cancelAllOrders(engine, request.user.id);
    touch(request.user.id);
    return { message: SUCCESS.cancelOrders };
  });

  app.post<{ Body: KillSwitchPayload }>(
    '/copier/kill-switch',
    secured,
    async (request): Promise<MessageResponse> => {
      const message = await runKillSwitch(app, engine, request.user.id, request.body);
      touch(request.user.id);
      return { message };
    },
  );
};
