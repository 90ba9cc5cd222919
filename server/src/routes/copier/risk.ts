import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { MessageResponse, RiskSettings, RiskSettingsPayload } from '@synctrade/api/types';
import type { CopierRouteOptions } from '../../copier/route-options';
import { ownedAccount, settleWithin } from '../../copier/repo/owned-account';
import { readRisk, writeRisk } from '../../copier/repo/settings-repo';
import { accountOf, ownedAccountFirst } from '../owned-account-first';

/** Per-follower risk limits and auto-sync, and the one-click Sync of an out-of-sync follower. */
export const riskRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };

  app.get<{ Params: { id: string } }>(
    '/copier/accounts/:id/risk',
    secured,
    async (request): Promise<RiskSettings> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      return readRisk(app.db, account.id);
    },
  );

  app.put<{ Params: { id: string }; Body: RiskSettingsPayload }>(
    '/copier/accounts/:id/risk',
    { ...secured, preHandler: [app.authenticate, ownedAccountFirst(app.db)] },
    async (request): Promise<RiskSettings> => {
      const account = accountOf(request);
      const input = request.body;
      const current = await readRisk(app.db, account.id);
      const next: RiskSettings = {
        max_contracts_per_order: input.max_contracts_per_order ?? current.max_contracts_per_order,
        max_net_position: input.max_net_position ?? current.max_net_position,
        daily_loss_limit: input.daily_loss_limit ?? current.daily_loss_limit,
        auto_sync: input.auto_sync ?? current.auto_sync,
      };
      await writeRisk(app.db, account.id, next);
      await settleWithin(engine.refreshUser(request.user.id));
      touch(request.user.id);
      return next;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/copier/accounts/:id/sync',
    secured,
    async (request): Promise<MessageResponse> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      await settleWithin(engine.sync(request.user.id, [account.id]), 10_000);
      touch(request.user.id);
      return { message: SUCCESS.sync };
    },
  );
};
