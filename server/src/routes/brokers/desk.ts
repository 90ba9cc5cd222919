import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { FlattenPayload, MessageResponse, SyncAccount } from '@synctrade/api/types';
import { flattenAccounts } from '../../copier/desk/desk-actions';
import { deskAccounts } from '../../copier/desk/sync-accounts';
import type { CopierRouteOptions } from '../../copier/route-options';
import { ownedAccounts } from '../../copier/repo/owned-account';
import { ACCOUNTS_BOUND } from '../../connections/list-bounds';
import { listBound } from '../../lists/list-bound';

/** The Sync Desk table and its account-wide flatten (the cancel-all of orders is in `routes/copier/desk-orders.ts`). */
export const deskRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  const table = listBound(secured, ACCOUNTS_BOUND);
  app.get('/brokers/accounts/table', table, async (request): Promise<SyncAccount[]> =>
    deskAccounts(app.db, engine, request.user.id),
  );

  app.post<{ Body: FlattenPayload }>(
    '/brokers/accounts/flatten-positions',
    secured,
    async (request): Promise<MessageResponse> => {
      // The list's length is capped by its JSON Schema, before anything else, so a huge list costs nothing.
      const ids = request.body;
      // Every id must be the caller's before anything is touched: one query for the whole list.
      const accounts = await ownedAccounts(app.db, request.user.id, ids);
      const failures = await flattenAccounts(engine, request.user.id, accounts);
      touch(request.user.id);
      if (failures.length > 0) app.log.warn({ failures }, 'flatten failed on some accounts');
      return {
        message:
          failures.length === 0 ? SUCCESS.flatten : `${SUCCESS.flatten} (failed: ${failures.join('; ')})`,
      };
    },
  );
};
