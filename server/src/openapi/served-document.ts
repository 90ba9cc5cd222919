import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createPgliteDb } from '../db/pglite-db';

/**
 * The OpenAPI document as `/api/v1/openapi.json` serves it, from the app built with every optional route on
 * (the web app's pages and files, the test outbox reader) on an in-memory database, without listening.
 */
export async function servedOpenApiDocument(): Promise<unknown> {
  const folder = mkdtempSync(path.join(tmpdir(), 'synctrade-openapi-'));
  const webRoot = path.join(folder, 'web');
  mkdirSync(path.join(webRoot, 'host', 'dist'), { recursive: true });
  writeFileSync(path.join(webRoot, 'host', 'dist', 'index.html'), '<!doctype html>');
  const db = await createPgliteDb();
  const app = await buildApp({
    config: {
      ...loadConfig({ DATA_DIR: path.join(folder, 'data'), TEST_OUTBOX_READER: 'true' }),
      // Fixed keys: nothing is signed or sealed, and no secret is written to a data folder.
      jwtSecret: 'openapi-document-only-'.padEnd(48, 'x'),
      secretsKey: 'openapi-document-only-'.padEnd(48, 'y'),
    },
    db,
    env: { WEB_ROOT: webRoot, DEPLOY_DIR: path.join(webRoot, '.deploy') },
  });
  try {
    await app.ready();
    const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    if (answer.statusCode !== 200) throw new Error(`The document answered ${answer.statusCode}`);
    return answer.json();
  } finally {
    await app.close();
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
