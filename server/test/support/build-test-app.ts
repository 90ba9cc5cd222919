import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkAnswer } from '@synctrade/api/schemas/check';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/config';
import type { Db } from '../../src/db/db';
import { createTestDb } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  /** Closes the app, the database (dropping its schema on PostgreSQL) and the temporary folders. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Environment for the broker registry (e.g. TRADOVATE_* pointing at a fake server). */
  env?: NodeJS.ProcessEnv;
  mailer?: BuildAppOptions['mailer'];
  /** Serve the web app too (its folders come from `env.WEB_ROOT` and `env.DEPLOY_DIR`). */
  serveWeb?: boolean;
}

/**
 * The server on a fresh database (PGlite in memory, or a fresh PostgreSQL schema with TEST_DB=postgres),
 * migrated, with its own data and outbox folders. Argon2 keeps its production cost: it is fast enough.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-test-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://synctrade.test' }),
    jwtSecret: randomBytes(32).toString('base64url'),
    secretsKey: randomBytes(32).toString('base64'),
    authRateLimitPerMinute: 10_000,
    ...options.config,
  };
  const db = await createTestDb();
  // TEST_LOG=1 shows the server's error logs while debugging a test.
  const logger = process.env.TEST_LOG ? { level: 'error' } : false;
  const app = await buildApp({
    config,
    db,
    env: options.env ?? {},
    mailer: options.mailer,
    logger,
    serveWeb: options.serveWeb ?? false,
    // Every answer of every server test is checked against the route schemas the clients rely on.
    checkAnswer,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
