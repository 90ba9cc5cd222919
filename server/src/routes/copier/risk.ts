import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import { riskSettingsSchema } from '@synctrade/api/validation';
import type { MessageResponse, RiskSettings } from '@synctrade/api/types';
import { validateObject } from '../../http/validate';
import type { CopierRouteOptions } from '../../copier/route-options';
import { ownedAccount, settleWithin } from '../../copier/repo/owned-account';
import { readRisk, writeRisk } from '../../copier/repo/settings-repo';

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

  app.put<{ Params: { id: string } }>(
    '/copier/accounts/:id/risk',
    secured,
    async (request): Promise<RiskSettings> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      const input = validateObject(riskSettingsSchema, request.body);
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
