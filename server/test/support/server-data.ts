import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_POSTGRES_URL, usingPostgres } from './test-db';

/**
 * Where a server started in a child process keeps its data across kills: a data folder and, when the suite runs on
 * PostgreSQL, a schema of its own in the test database. `env` holds what every start is given (keys included).
 */
export interface ServerData {
  env: Record<string, string>;
  dataDir: string;
  /** The PostgreSQL schema (when on PostgreSQL). */
  schema: string;
  /** Creates the schema and points `env` at it; nothing to do on the embedded database. */
  open(): Promise<void>;
  /** Drops the schema and the data folder. */
  remove(): Promise<void>;
}

export function serverData(prefix: string, env: Record<string, string> = {}): ServerData {
  const dataDir = mkdtempSync(path.join(tmpdir(), `synctrade-${prefix}-`));
  const schema = `${prefix.replace(/[^a-z]/g, '')}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const data: ServerData = {
    env: {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    },
    dataDir,
    schema,
    async open() {
      if (!usingPostgres()) return;
      await admin(`CREATE SCHEMA ${schema}`);
      const url = new URL(TEST_POSTGRES_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      data.env.DATABASE_URL = url.toString();
    },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (usingPostgres()) await admin(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
  return data;
}
