import { outOfSyncAfterSeconds } from '../alerts/preferences-repo';
import { EngineGuard, FirmRuleGuard } from '../propfirm/server';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FeedMessage } from '@synctrade/api/types';
import { DeskPublisher } from './desk/desk-publisher';
import { deskAccounts } from './desk/sync-accounts';
import { noticeOf } from './engine-notices';
import { CopyEngine } from './engine/engine';
import { copyStoreFor } from './store/copy-store-for';
import { SqlDirectory } from './store/sql-directory';

/**
 * The copy engine: started when the server is ready, stopped when it closes. Not encapsulated (`fastify-plugin`):
 * it decorates `app.copier`, the engine and the desk's touch that the copier's routes (`routes/copier`,
 * `routes/brokers/desk.ts`) are given.
 */
const copier: FastifyPluginAsync = async (app) => {
  const log = (error: unknown, context: string): void =>
    app.log.error({ err: error, context }, 'copy engine');
  let publisher: DeskPublisher | null = null;
  const { placement } = app;
  const store = copyStoreFor(app, (error) => log(error, 'write-behind'), placement.storeFence());
  const engine = new CopyEngine({
    directory: placement.directory(new SqlDirectory(app)),
    store,
    notifier: {
      notify: (userId, outcome, accountId) =>
        void app
          .notify(userId, { ...noticeOf(outcome), ...(accountId === undefined ? {} : { accountId }) })
          .catch((error: unknown) => log(error, 'notify')),
    },
    onChange: (userId) => touch(userId),
    log,
    note: (message, context) => app.log.info({ context }, `copy engine: ${message}`),
    guard: new FirmRuleGuard(new EngineGuard(app.propGuard, log)),
    lagAlertMs: async (userId) => (await outOfSyncAfterSeconds(app.db, userId)) * 1000,
  });
  // The desk's list is the owner's (the process with the live state); in a cluster it reaches every node's sockets.
  publisher = new DeskPublisher(app, engine, {
    socketsElsewhere: placement.socketsElsewhere,
    owns: (userId) => placement.owns(userId),
  });
  function touch(userId: number): void {
    if (placement.owns(userId)) publisher?.touch(userId);
  }
  const deskSnapshot = async (userId: number): Promise<FeedMessage[]> => [
    { type: 'account_data', accounts: await deskAccounts(app.db, engine, userId) },
  ];
  app.realtime.setSnapshotProvider(placement.snapshotProvider(deskSnapshot), deskSnapshot);
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
    void engine
      .start()
      .then(() =>
        placement.attach(
          engine,
          () => store.flush(),
          deskSnapshot,
          (userId) => publisher?.republish(userId),
        ),
      )
      .catch((error: unknown) => log(error, 'start'));
  });
  app.addHook('onClose', async () => {
    for (const off of offs) off();
    publisher?.stop();
    await engine.stop();
    await store.close();
    // Sessions closed and rows stored: whatever this process held (a node's leases) goes back at once.
    await placement.detach();
  });

  app.decorate('copier', { engine, touch });
};

export const copierPlugin = fp(copier, { name: 'copier' });
