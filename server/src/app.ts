import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { LIMITS } from '@synctrade/api/validation';
import { makeAuthenticate } from './auth/authenticate';
import { openPaperVenue } from './brokers/paper/open-venue';
import { paperOnSeveralNodes } from './brokers/paper/several-nodes';
import { prunePaperConsents } from './brokers/paper/sql-authorizations';
import { clusterConfigOf } from './cluster/cluster-config';
import { clusterNode } from './cluster/cluster-node';
import { createBrokerRegistry } from './brokers/registry';
import type { AppConfig } from './config/config';
import { resolveSecret } from './config/dev-secrets';
import { copierPlugin } from './copier/plugin';
import { createDb } from './db/create-db';
import type { Db } from './db/db';
import { schedulePruning } from './db/housekeeping';
import { startCalendarImport } from './propfirm/calendar/import/start-import';
import { migrate } from './db/migrate';
import { AppEvents } from './events';
import { frameworkErrors, installErrorHandler } from './http/error-handler';
import { attachRouteSchemas, type AnswerCheck } from './http/route-schemas';
import { validationError } from './http/validation-error';
import { installInputGuard } from './http/input-checks';
import { installRequestLog } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { capSocketsPerAddress, serverTimeouts } from './http/socket-limits';
import type { Mailer } from './mail/mailer';
import { createOutboxMailer } from './mail/outbox-mailer';
import { createSmtpMailer } from './mail/smtp-mailer';
import { makeNotify } from './notifications/notify';
import { AlertService } from './alerts/service';
import { feedAlerts } from './alerts/subscriber';
import { alertRoutes } from './alerts/routes';
import { startDailySummaries } from './alerts/daily-summary';
import { registerMetrics } from './metrics/metrics-plugin';
import { registerOpenApi } from './openapi/openapi';
import { qualityRoutes } from './quality/routes';
import { startQualityRollup } from './quality/rollup';
import { backfillPaperOrderRows } from './paper/orders-backfill';
import { singleNode } from './placement/single-node';
import { FEED_MAX_MESSAGE_BYTES, feedSocketError } from './realtime/feed-socket-errors';
import { RealtimeHub } from './realtime/hub';
import { PropGuard, PropStore, RuleMail } from './propfirm/server';
import { routes } from './routes';
import { createTokenSigner } from './security/jwt';
import { LoginRefusals } from './auth/login-refusals';
import { LoginTriesInFlight } from './auth/login-tries-in-flight';
import { createPasswordHasher } from './security/passwords';
import { createSecrets } from './security/secrets';
import { loadWebConfig, webPlugin } from './web';
import type { AuthUser } from './types/fastify';

export interface BuildAppOptions {
  config: AppConfig;
  /** A database to use (tests); by default one is opened from the config and closed with the app. */
  db?: Db;
  /** Skip when the caller migrated already. */
  migrate?: boolean;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Extra environment for the broker registry (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** Checks every JSON answer against its route's schema (tests: a mismatch fails the request with a 500). */
  checkAnswer?: AnswerCheck;
  /** Serve the built host and remotes (default true; API tests turn it off). */
  serveWeb?: boolean;
}

/** Builds the server: external plugins, then the app's decorations, then the routes (fastify/demo order). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's two info lines per request are replaced by http/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Bodies keep their JSON types (a "2" is not a number) and every query or path value is a string.
    ajv: { customOptions: { coerceTypes: false } },
    schemaErrorFormatter: validationError,
    ...serverTimeouts(config.http),
  });
  capSocketsPerAddress(app.server, config.http, config.trustProxy);
  installErrorHandler(app);
  installInputGuard(app);
  installRequestLog(app);
  attachRouteSchemas(app, options.checkAnswer);
  const warn = (message: string): void => app.log.warn(message);

  // Where copy groups run (src/placement), chosen once here: this process alone, or one node of a cluster
  // (CLUSTER=1 or NATS_URL + NODE_ID, on PostgreSQL: see src/cluster). The rest of the server asks `app.placement`.
  const clusterConfig = clusterConfigOf(options.env ?? process.env, config);
  const placement =
    clusterConfig === null
      ? singleNode()
      : clusterNode(clusterConfig, paperOnSeveralNodes(clusterConfig.paperSeed, clusterConfig.paperStepMs));
  const db =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // Several nodes: a transaction left idle is ended, so a paused node holds no locks (cluster/cluster-config.ts).
      ...placement.database,
    }));
  if (options.migrate !== false) await migrate(db);
  const events = new AppEvents((error, event) =>
    app.log.error({ err: error, event }, 'event listener failed'),
  );
  const realtime = new RealtimeHub(config.heartbeatSeconds, (error) =>
    app.log.error({ err: error }, 'feed snapshot failed'),
  );
  // The paper broker's venue continues from its ledger in the database (accounts, positions, orders, id blocks).
  // In a cluster its prices are a function of the seed and the time step, the same on every node, and it holds
  // only the paper accounts of the copy groups its node owns.
  const paperVenue = await openPaperVenue(db, {
    onError: (error) => app.log.error({ err: error }, 'paper ledger write failed'),
    journalDir: path.join(config.dataDir, 'sim-ledger-journal'),
    journalFsync: config.copierJournalFsync,
    ...placement.paperVenue,
  });
  await backfillPaperOrderRows(db);
  const jwtSecret = resolveSecret(config.jwtSecret, config.dataDir, 'JWT_SECRET', warn);
  const secretsKey = resolveSecret(config.secretsKey, config.dataDir, 'SECRETS_KEY', warn);

  // 1. External plugins.
  await registerSecurityHeaders(app, config);
  await app.register(rateLimit, { global: false });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: LIMITS.photoMaxBytes, files: 1, fields: 5 } });
  await app.register(websocket, {
    options: { maxPayload: FEED_MAX_MESSAGE_BYTES },
    errorHandler: feedSocketError,
  });
  await registerOpenApi(app);

  // 2. The app's decorations (typed in types/fastify.d.ts).
  const signer = createTokenSigner(jwtSecret, config.jwtTtlSeconds);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('events', events);
  app.decorate('secrets', createSecrets(secretsKey));
  app.decorate('passwords', createPasswordHasher(config.argon2));
  app.decorate('loginRefusals', new LoginRefusals());
  app.decorate('loginTriesInFlight', new LoginTriesInFlight());
  app.decorate('tokens', signer);
  app.decorate(
    'mailer',
    options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer(config.outboxDir, (line) => app.log.info(line))),
  );
  app.decorate('realtime', realtime);
  app.decorate('paperVenue', paperVenue);
  app.decorate(
    'brokers',
    createBrokerRegistry({ publicUrl: config.publicUrl, env: options.env ?? process.env, db, paperVenue }),
  );
  // Null until app.authenticate sets it (Fastify forbids object defaults shared between requests).
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', makeAuthenticate(app, signer));
  // Every notification also feeds the trader's alert channels (alerts/subscriber.ts), sent by the outbox worker.
  const alerts = new AlertService(
    config.alerts,
    config.publicUrl,
    db,
    () => app.mailer,
    (err, context) => app.log.error({ err }, context),
  );
  alerts.attach(app);
  app.decorate(
    'notify',
    feedAlerts(makeNotify(app), {
      db,
      publicUrl: config.publicUrl,
      cap: alerts.cap,
      queued: () => alerts.queued(),
      log: (err) => app.log.error({ err }, 'queueing alerts failed'),
    }),
  );
  app.decorate(
    'propGuard',
    new PropGuard(new PropStore(db), {
      mail: new RuleMail({
        db,
        mailer: app.mailer,
        log: (error, context) => app.log.error({ err: error, context }, 'prop-firm mail'),
      }),
    }),
  );
  app.decorate('placement', await placement.start(app));
  const calendarImporter = startCalendarImport(config.calendarImport, db, app.propGuard, app.log);

  // Revocation closes the feed sockets of that session (logout) or of the whole user (password change).
  events.on('session:revoked', ({ userId, sessionId, exceptSessionId }) => {
    if (sessionId) realtime.closeSession(userId, sessionId);
    else if (exceptSessionId) realtime.closeOtherSessions(userId, exceptSessionId);
    else realtime.closeUser(userId);
  });
  // Each trader's end-of-day summary, once per trading day across nodes and restarts (alerts/daily-summary.ts).
  const stopDailySummaries = startDailySummaries(app);
  // Copy quality's settled hours, rolled up every minute so a long period's summary reads a row per hour.
  const stopQualityRollup = startQualityRollup(app);
  const stopPruning = schedulePruning(db, [prunePaperConsents], (error) =>
    app.log.error({ err: error }, 'pruning expired rows failed'),
  );
  app.addHook('onClose', async () => {
    stopPruning();
    stopDailySummaries();
    stopQualityRollup();
    calendarImporter?.stop();
    realtime.closeAll();
    events.removeAllListeners();
    await paperVenue.close();
    if (!options.db) await db.close();
  });

  // 3. The copy engine (started when the server is ready; it decorates `app.copier` for the routes), then the
  // routes: one folder per URL prefix under routes/, registered by routes/index.ts.
  await app.register(copierPlugin);
  await app.register(routes);
  await app.register(alertRoutes, { prefix: '/api/v1', alerts });
  // Operators' metrics: only when METRICS_PORT or METRICS_TOKEN is set (metrics/metrics-plugin.ts).
  await registerMetrics(app);
  await app.register(qualityRoutes, { prefix: '/api/v1' });

  // Last: the built frontends, so every API route above wins over the single-page app's catch-all.
  if (options.serveWeb ?? true)
    await app.register(webPlugin, {
      ...loadWebConfig(options.env ?? process.env),
      publicUrl: config.publicUrl,
    });

  return app;
}
