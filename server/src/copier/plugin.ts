import { EngineGuard, EngineSendGuard } from '../propfirm/server';
import type { FastifyPluginAsync } from 'fastify';
import { DeskPublisher } from './desk/desk-publisher';
import { deskAccounts } from './desk/sync-accounts';
import { noticeOf } from './engine-notices';
import { CopyEngine } from './engine/engine';
import { historyRoutes } from './routes/history-routes';
import { deskRoutes } from './routes/desk-routes';
import { orderRoutes } from './routes/order-routes';
import { riskRoutes } from './routes/risk-routes';
import { roleRoutes } from './routes/role-routes';
import { copyStoreFor } from './store/copy-store-for';
import { SqlDirectory } from './store/sql-directory';

/** The copier's API: roles, ratios, risk, orders, history and journals (registered under /api/v1). */
export const copierPlugin: FastifyPluginAsync = async (app) => {
  const log = (error: unknown, context: string): void =>
    app.log.error({ err: error, context }, 'copy engine');
  let publisher: DeskPublisher | null = null;
  const store = copyStoreFor(app, (error) => log(error, 'write-behind'));
  const engine = new CopyEngine({
    directory: new SqlDirectory(app),
    store,
    notifier: {
      notify: (userId, outcome) =>
        void app.notify(userId, noticeOf(outcome)).catch((error: unknown) => log(error, 'notify')),
    },
    onChange: (userId) => publisher?.touch(userId),
    log,
    guard: new EngineSendGuard(new EngineGuard(app.propGuard, log)),
  });
  publisher = new DeskPublisher(app, engine);
  const touch = (userId: number): void => publisher?.touch(userId);

  app.realtime.setSnapshotProvider(async (userId) => [
    { type: 'account_data', accounts: await deskAccounts(app.db, engine, userId) },
  ]);
  const refresh = ({ userId }: { userId: number }): void => {
    void engine.refreshUser(userId).then(() => touch(userId));
  };
  const offs = [
    app.events.on('accounts:changed', refresh),
    app.events.on('connection:created', refresh),
    app.events.on('connection:deleted', refresh),
    app.events.on('connection:toggled', refresh),
  ];
  // The engine starts after the server is ready and never holds the start-up up (brokers may be slow).
  app.addHook('onReady', async () => {
    void engine.start().catch((error: unknown) => log(error, 'start'));
  });
  app.addHook('onClose', async () => {
    for (const off of offs) off();
    publisher?.stop();
    await engine.stop();
    await store.close();
  });

  const options = { engine, touch };
  await app.register(roleRoutes, options);
  await app.register(riskRoutes, options);
  await app.register(deskRoutes, options);
  await app.register(orderRoutes, options);
  await app.register(historyRoutes, options);
};
