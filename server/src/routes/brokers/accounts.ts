import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { AccountSummary } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import { listUserAccounts, setAccountEnabled } from '../../connections/accounts-repo';
import { ACCOUNTS_BOUND } from '../../connections/list-bounds';
import { listBound } from '../../lists/list-bound';

const NOT_FOUND = 'Account not found';

/** `GET /brokers/accounts` and the per-account enable/disable (the Sync Desk table is the engine's). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const options = {
    preHandler: app.authenticate,
    schema: { tags: ['accounts'], security: [{ bearer: [] }] },
  };

  app.get(
    '/brokers/accounts',
    listBound(options, ACCOUNTS_BOUND),
    async (request): Promise<AccountSummary[]> => listUserAccounts(app.db, request.user.id),
  );

  app.put('/brokers/accounts/:id/:param', options, async (request) => {
    const params = request.params as { id: string; param: string };
    if (params.param !== 'enable' && params.param !== 'disable') throw AppError.notFound('Not found');
    const id = parseId(params.id, NOT_FOUND);
    if (!(await setAccountEnabled(app.db, request.user.id, id, params.param === 'enable')))
      throw AppError.notFound(NOT_FOUND);
    app.events.emit('accounts:changed', { userId: request.user.id });
    return { message: SUCCESS.accountToggle };
  });
};
