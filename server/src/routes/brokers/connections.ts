import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { Connection, ConnectionDetails } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import { listConnectionAccounts, setConnectionAccountsEnabled } from '../../connections/accounts-repo';
import {
  deleteConnection,
  findConnection,
  listConnections,
  setConnectionEnabled,
} from '../../connections/connections-repo';
import { ACCOUNTS_BOUND, CONNECTIONS_BOUND } from '../../connections/list-bounds';
import { listBound } from '../../lists/list-bound';

const NOT_FOUND = 'Connection not found';

function toggle(param: string, on: string, off: string): boolean {
  if (param === on) return true;
  if (param === off) return false;
  throw AppError.notFound('Not found');
}

/** The user's connections: list, details, delete, enable/disable, enable-all/disable-all accounts. */
export const connectionRoutes: FastifyPluginAsync = async (app) => {
  const options = {
    preHandler: app.authenticate,
    schema: { tags: ['connections'], security: [{ bearer: [] }] },
  };

  const connections = listBound(options, CONNECTIONS_BOUND);
  app.get('/brokers/connections', connections, async (request): Promise<Connection[]> =>
    listConnections(app.db, request.user.id),
  );

  const info = listBound(options, ACCOUNTS_BOUND);
  app.get('/brokers/connections/:id/account-info', info, async (request): Promise<ConnectionDetails> => {
    const id = parseId((request.params as { id: string }).id, NOT_FOUND);
    const connection = await findConnection(app.db, request.user.id, id);
    if (!connection) throw AppError.notFound(NOT_FOUND);
    return { connection, accounts: await listConnectionAccounts(app.db, request.user.id, id) };
  });

  app.delete('/brokers/connections/:id', options, async (request) => {
    const id = parseId((request.params as { id: string }).id, NOT_FOUND);
    const accountIds = await deleteConnection(app.db, request.user.id, id);
    if (!accountIds) throw AppError.notFound(NOT_FOUND);
    app.events.emit('connection:deleted', { userId: request.user.id, connectionId: id, accountIds });
    app.events.emit('accounts:changed', { userId: request.user.id });
    return { message: SUCCESS.deleteConnection };
  });

  app.put('/brokers/connections/:id/accounts/:param', options, async (request) => {
    const params = request.params as { id: string; param: string };
    const enabled = toggle(params.param, 'enable-all', 'disable-all');
    const id = parseId(params.id, NOT_FOUND);
    if (!(await findConnection(app.db, request.user.id, id))) throw AppError.notFound(NOT_FOUND);
    await setConnectionAccountsEnabled(app.db, request.user.id, id, enabled);
    app.events.emit('accounts:changed', { userId: request.user.id });
    return { message: SUCCESS.toggleAll };
  });

  app.put('/brokers/connections/:id/:param', options, async (request) => {
    const params = request.params as { id: string; param: string };
    const enabled = toggle(params.param, 'enable', 'disable');
    const id = parseId(params.id, NOT_FOUND);
    if (!(await setConnectionEnabled(app.db, request.user.id, id, enabled)))
      throw AppError.notFound(NOT_FOUND);
    app.events.emit('connection:toggled', { userId: request.user.id, connectionId: id, enabled });
    app.events.emit('accounts:changed', { userId: request.user.id });
    return { message: SUCCESS.connectionToggle };
  });
};
