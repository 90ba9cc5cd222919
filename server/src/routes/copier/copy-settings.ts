import type { FastifyPluginAsync } from 'fastify';
import type { CopySettings, CopySettingsPayload } from '@synctrade/api/types';
import type { CopierRouteOptions } from '../../copier/route-options';
import { ownedAccount, settleWithin } from '../../copier/repo/owned-account';
import { readCopySettings, writeCopySettings } from '../../copier/repo/copy-settings-repo';
import { accountOf, ownedAccountFirst } from '../owned-account-first';

/** A follower's copy settings: fixed quantity, copy mode and contract filter. */
export const copySettingsRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  app.get<{ Params: { id: string } }>(
    '/copier/accounts/:id/copy-settings',
    secured,
    async (request): Promise<CopySettings> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      return readCopySettings(app.db, account.id);
    },
  );

  app.put<{ Params: { id: string }; Body: CopySettingsPayload }>(
    '/copier/accounts/:id/copy-settings',
    { ...secured, preHandler: [app.authenticate, ownedAccountFirst(app.db)] },
    async (request): Promise<CopySettings> => {
      const account = accountOf(request);
      const input = request.body;
      const current = await readCopySettings(app.db, account.id);
      const next: CopySettings = {
        fixed_qty: input.fixed_qty === undefined ? current.fixed_qty : input.fixed_qty,
        copy_mode: input.copy_mode ?? current.copy_mode,
        // One of each root, in the order the trader chose them.
        contracts: input.contracts === undefined ? current.contracts : [...new Set(input.contracts)],
      };
      await writeCopySettings(app.db, account.id, next);
      await settleWithin(engine.refreshUser(request.user.id));
      touch(request.user.id);
      return next;
    },
  );
};
