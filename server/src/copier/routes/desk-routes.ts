import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import { flattenSchema } from '@synctrade/api/validation';
import type { MessageResponse, SyncAccount, WorkingOrder } from '@synctrade/api/types';
import { assertListSize } from '../../http/list-cap';
import { validateValue } from '../../http/validate';
import { cancelAllOrders, flattenAccounts, workingOrders } from '../desk/desk-actions';
import { deskAccounts } from '../desk/sync-accounts';
import type { CopierRouteOptions } from './route-options';
import { ownedAccounts } from '../repo/owned-account';
import { ACCOUNTS_BOUND } from '../../connections/list-bounds';
import { listBound } from '../../lists/list-bound';
import { WORKING_ORDERS_BOUND } from '../../paper/ticket-routes';

/** The Sync Desk table and its account-wide actions: flatten, cancel all orders. */
export const deskRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  const table = listBound(secured, ACCOUNTS_BOUND);
  app.get('/brokers/accounts/table', table, async (request): Promise<SyncAccount[]> =>
    deskAccounts(app.db, engine, request.user.id),
  );

  app.post('/brokers/accounts/flatten-positions', secured, async (request): Promise<MessageResponse> => {
    // The size is checked before anything else, so a huge list costs nothing.
    assertListSize(request.body, 'Account ids');
    const ids = validateValue(flattenSchema, request.body);
    // Every id must be the caller's before anything is touched: one query for the whole list.
    const accounts = await ownedAccounts(app.db, request.user.id, ids);
    const failures = await flattenAccounts(engine, request.user.id, accounts);
    touch(request.user.id);
    if (failures.length > 0) app.log.warn({ failures }, 'flatten failed on some accounts');
    return {
      message:
        failures.length === 0 ? SUCCESS.flatten : `${SUCCESS.flatten} (failed: ${failures.join('; ')})`,
    };
  });

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
};
