import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import { flattenSchema } from '@synctrade/api/validation';
import type { MessageResponse, SyncAccount, WorkingOrder } from '@synctrade/api/types';
import { assertListSize } from '../../http/list-cap';
import { validateValue } from '../../http/validate';
import { deskAccounts } from '../desk/sync-accounts';
import type { CopierRouteOptions } from './route-options';
import { ownedAccounts, settleWithin } from '../repo/owned-account';

/** The Sync Desk table and its account-wide actions: flatten, cancel all orders. */
export const deskRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  app.get('/brokers/accounts/table', secured, async (request): Promise<SyncAccount[]> =>
    deskAccounts(app.db, engine, request.user.id),
  );

  app.post('/brokers/accounts/flatten-positions', secured, async (request): Promise<MessageResponse> => {
    // The size is checked before anything else, so a huge list costs nothing.
    assertListSize(request.body, 'Account ids');
    const ids = validateValue(flattenSchema, request.body);
    // Every id must be the caller's before anything is touched: one query for the whole list.
    const accounts = await ownedAccounts(app.db, request.user.id, ids);
    const failures: string[] = [];
    const flatten = async (accountId: number): Promise<void> => {
      const live = engine.sessionOf(accountId);
      if (live === undefined) return;
      await live.session.flatten(live.account.externalId).catch((error: unknown) => {
        failures.push(`${live.account.name}: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    // The leader goes first and its exits are copied: followers then close through the copier, not twice.
    const leader = accounts.find((account) => account.is_master);
    if (leader !== undefined) {
      await flatten(leader.id);
      await settleWithin(engine.idle(request.user.id), 10_000);
    }
    await Promise.all(accounts.filter((account) => account !== leader).map((account) => flatten(account.id)));
    touch(request.user.id);
    if (failures.length > 0) app.log.warn({ failures }, 'flatten failed on some accounts');
    return {
      message:
        failures.length === 0 ? SUCCESS.flatten : `${SUCCESS.flatten} (failed: ${failures.join('; ')})`,
    };
  });

  // What Cancel all orders and Flatten would cancel: the desk shows it before asking to confirm.
  app.get('/copier/orders/working', secured, async (request): Promise<WorkingOrder[]> => {
    const accounts = [...engine.accounts.values()]
      .filter((account) => account.userId === request.user.id)
      .sort((a, b) => a.id - b.id);
    const lists = await Promise.all(
      accounts.map(async (account) => {
        const live = engine.sessionOf(account.id);
        if (live === undefined) return [];
        const working = await live.session.workingOrders().catch(() => []);
        return working
          .filter((order) => order.accountExternalId === account.externalId && order.status === 'Working')
          .map((order): WorkingOrder => ({
            account: account.id,
            account_name: account.name,
            order_id: order.orderId,
            contract: order.symbol,
            side: order.side,
            type: order.type,
            qty: order.qty - order.filledQty,
            price: order.price,
            stop_price: order.stopPrice,
          }));
      }),
    );
    return lists.flat();
  });

  app.post('/copier/orders/cancel-all', secured, async (request): Promise<MessageResponse> => {
    const accounts = [...engine.accounts.values()].filter((account) => account.userId === request.user.id);
    await Promise.all(
      accounts.map(async (account) => {
        const live = engine.sessionOf(account.id);
        if (live === undefined) return;
        const working = (await live.session.workingOrders().catch(() => [])).filter(
          (order) => order.accountExternalId === account.externalId,
        );
        await Promise.all(
          working.map((order) =>
            live.session.cancelOrder(account.externalId, order.orderId).catch(() => undefined),
          ),
        );
      }),
    );
    touch(request.user.id);
    return { message: SUCCESS.cancelOrders };
  });
};
