import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { KillSwitchPayload, MessageResponse, WorkingOrder } from '@synctrade/api/types';
import { cancelAllOrders, workingOrders } from '../../copier/desk/desk-actions';
import { runKillSwitch } from '../../copier/desk/kill-switch';
import type { CopierRouteOptions } from '../../copier/route-options';
import { listBound } from '../../lists/list-bound';
import { GROUP_NOT_FOUND, ownedGroup } from '../../copier/repo/groups-repo';
import { parseId } from '../../http/ids';
import { WORKING_ORDERS_BOUND } from '../../paper/list-bounds';

/** The Sync Desk's working orders, its cancel-all and the phone kill switch (the desk table is in `routes/brokers/desk.ts`). */
export const deskOrderRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  // What Cancel all orders and Flatten would cancel: the desk shows it before asking to confirm.
  const working = listBound(secured, WORKING_ORDERS_BOUND);
  // `groupId`: only that group's accounts (the group shown on the desk); every account when left out.
  const onlyGroup = async (userId: number, raw: string | undefined): Promise<Set<number> | undefined> =>
    raw === undefined
      ? undefined
      : new Set((await ownedGroup(app.db, userId, parseId(raw, GROUP_NOT_FOUND))).account_ids);

  app.get<{ Querystring: { groupId?: string } }>(
    '/copier/orders/working',
    working,
    async (request): Promise<WorkingOrder[]> =>
      workingOrders(engine, request.user.id, await onlyGroup(request.user.id, request.query.groupId)),
  );

  app.post<{ Querystring: { groupId?: string } }>(
    '/copier/orders/cancel-all',
    secured,
    async (request): Promise<MessageResponse> => {
      await cancelAllOrders(engine, request.user.id, await onlyGroup(request.user.id, request.query.groupId));
      touch(request.user.id);
      return { message: SUCCESS.cancelOrders };
    },
  );

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
