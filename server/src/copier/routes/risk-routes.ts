import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import { riskSettingsSchema } from '@synctrade/api/validation';
import type { MessageResponse, RiskSettings } from '@synctrade/api/types';
import type { Db } from '../../db/db';
import { validateObject } from '../../http/validate';
import { DEFAULT_RISK } from '../engine/types';
import type { CopierRouteOptions } from './route-options';
import { ownedAccount, settleWithin } from './owned-account';

async function readRisk(db: Db, accountId: number): Promise<RiskSettings> {
  const [row] = await db.query<{
    max_contracts_per_order: number | null;
    max_net_position: number | null;
    daily_loss_limit: number | null;
    auto_sync: boolean;
  }>(
    `SELECT r.max_contracts_per_order, r.max_net_position, r.daily_loss_limit, a.auto_sync
     FROM broker_accounts a LEFT JOIN copy_risk r ON r.account_id = a.id WHERE a.id = $1`,
    [accountId],
  );
  return {
    max_contracts_per_order: row?.max_contracts_per_order ?? DEFAULT_RISK.maxContractsPerOrder,
    max_net_position: row?.max_net_position ?? DEFAULT_RISK.maxNetPosition,
    daily_loss_limit:
      row?.daily_loss_limit === null || row?.daily_loss_limit === undefined
        ? DEFAULT_RISK.dailyLossLimit
        : Number(row.daily_loss_limit),
    auto_sync: row?.auto_sync ?? true,
  };
}

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
      await app.db.tx(async (tx) => {
        await tx.query(
          `INSERT INTO copy_risk (account_id, max_contracts_per_order, max_net_position, daily_loss_limit) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET max_contracts_per_order = $2, max_net_position = $3, daily_loss_limit = $4`,
          [account.id, next.max_contracts_per_order, next.max_net_position, next.daily_loss_limit],
        );
        await tx.query('UPDATE broker_accounts SET auto_sync = $2, updated_at = now() WHERE id = $1', [
          account.id,
          next.auto_sync,
        ]);
      });
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
