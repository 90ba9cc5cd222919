import pg from 'pg';
import { clusterConfigOf } from '../../src/cluster/cluster-config';
import { createDb } from '../../src/db/create-db';
import type { Db } from '../../src/db/db';
import { TEST_POSTGRES_URL, usingPostgres } from '../support/test-db';

const server = { databaseUrl: 'postgres://db/synctrade', host: '127.0.0.1', port: 3001 };
const secrets = { JWT_SECRET: 'j', SECRETS_KEY: 'k' };

test('a cluster node limits idle transactions to the renewal period unless CLUSTER_IDLE_TX_MS says otherwise', () => {
  expect(clusterConfigOf({ CLUSTER: '1', ...secrets }, server)?.idleInTransactionMs).toBe(2_000);
  expect(
    clusterConfigOf({ CLUSTER: '1', ...secrets, CLUSTER_LEASE_TTL_MS: '9000' }, server)?.idleInTransactionMs,
  ).toBe(3_000);
  expect(
    clusterConfigOf({ CLUSTER: '1', ...secrets, CLUSTER_IDLE_TX_MS: '750' }, server)?.idleInTransactionMs,
  ).toBe(750);
});

async function until(check: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const onPostgres = usingPostgres() ? test : test.skip;

onPostgres(
  'the database ends any transaction of the pool left idle past the limit, and the pool goes on',
  async () => {
    const db: Db = await createDb({ databaseUrl: TEST_POSTGRES_URL, dataDir: '.', idleInTransactionMs: 300 });
    const watcher = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await watcher.connect();
    try {
      // Every connection of the pool carries the limit, not only the fenced writes' transactions.
      const shown = await Promise.all(
        [1, 2, 3].map(() =>
          db.query<{ limit: string }>(
            `SELECT current_setting('idle_in_transaction_session_timeout') AS "limit"`,
          ),
        ),
      );
      expect(shown.map(([row]) => row?.limit)).toEqual(['300ms', '300ms', '300ms']);

      // A transaction opened, then left idle (its node paused): the database ends it and its locks go.
      const outcome = db.tx(async (tx) => {
        const [row] = await tx.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
        const pid = row?.pid ?? 0;
        const ended = await until(async () => {
          const { rows } = await watcher.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [pid]);
          return rows.length === 0;
        }, 10_000);
        expect(ended).toBe(true);
        await tx.query(`SELECT 1`);
      });
      await expect(outcome).rejects.toThrow();
      expect(await db.query<{ one: number }>(`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await watcher.end();
      await db.close();
    }
  },
);
