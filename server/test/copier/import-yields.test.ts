import type { HistoryData, ImportResult } from '@synctrade/api/types';
import { IMPORT_CHUNK } from '../../src/copier/history/trades-repo';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { firstOf, watchQueries } from '../support/query-gate';
import { registerUser, type TestUser } from '../support/users';
import { call } from './support/http';

/** `count` trades named `<prefix>-<i>`, one a minute from 2026-10-05 14:00 UTC. */
function trades(prefix: string, count: number): Record<string, unknown>[] {
  const start = Date.UTC(2026, 9, 5, 14, 0);
  return Array.from({ length: count }, (_, i) => ({
    symbol: 'MESZ6',
    side: i % 2 === 0 ? 'buy' : 'sell',
    qty: 1,
    entry_time: new Date(start + i * 60_000).toISOString(),
    exit_time: new Date(start + i * 60_000 + 30_000).toISOString(),
    entry_price: 6000,
    exit_price: 6000.25,
    pnl: 1.25,
    external_id: `${prefix}-${i}`,
  }));
}

/** The statements that store imported trades. */
const STORE = "x.external_id, 'import'";

describe('an import shares the server with other tenants', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t.close());

  const importAs = (user: TestUser, rows: Record<string, unknown>[]) =>
    call<ImportResult>(t.app, user, 'POST', '/copier/trade-history/import', { trades: rows });

  it("when a large import is midway, then another tenant's light requests are answered, and the import stores every row", async () => {
    const rows = trades('large', 4_000);
    // The answer of the import's second statement is held: one statement for the whole file would never reach it.
    const watch = watchQueries(t.db, STORE, 2);
    try {
      const running = importAs(alice, rows);
      expect(await firstOf(watch.held, running)).toBe('first');

      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile',
        headers: bob.headers,
      });
      expect(profile.statusCode).toBe(200);
      const page = await call<HistoryData>(t.app, bob, 'GET', `/copier/trade-history/${bob.id}?limit=10`);
      expect(page.status).toBe(200);
      expect(page.body.trades).toEqual([]);
      expect(watch.seen).toHaveLength(2);

      watch.open();
      const answer = await running;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ imported: 4_000, duplicates: 0 });
    } finally {
      watch.open();
      watch.restore();
    }
    expect(watch.seen).toHaveLength(4_000 / IMPORT_CHUNK);
    for (const statement of watch.seen) expect((statement.params[1] as unknown[]).length).toBe(IMPORT_CHUNK);
    const stored = await call<HistoryData>(t.app, alice, 'GET', `/copier/trade-history/${alice.id}?limit=1`);
    expect(stored.body.total).toBe(4_000);
  });

  it("when one tenant sends two imports at once, then the second's statements wait for the first's, and counts are as if in turn", async () => {
    const rows = trades('twice', 4 * IMPORT_CHUNK);
    const watch = watchQueries(t.db, STORE);
    let answers: Array<{ status: number; body: ImportResult }>;
    try {
      answers = await Promise.all([importAs(bob, rows), importAs(bob, rows)]);
    } finally {
      watch.restore();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => [answer.body.imported, answer.body.duplicates]).sort()).toEqual([
      [0, 4 * IMPORT_CHUNK],
      [4 * IMPORT_CHUNK, 0],
    ]);
    // Eight statements, the first import's four before the second's: each answered before the next was sent.
    expect(watch.seen.map((statement) => statement.rows)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    const firstFour = watch.seen.slice(0, 4).map((statement) => (statement.params[1] as string[])[0]);
    expect(firstFour).toEqual([0, 1, 2, 3].map((chunk) => `twice-${chunk * IMPORT_CHUNK}`));
  });

  it('when a row is bad, then 400 names it and nothing of the import is stored', async () => {
    const rows = trades('bad', 3_000);
    rows[1_234] = { ...rows[1_234], qty: 0 };
    const answer = await importAs(alice, rows);
    expect(answer).toEqual({ status: 400, body: { detail: 'Row 1235: qty must be greater than 0' } });
    const rowsOf = await t.db.query<{ count: number }>(
      `SELECT count(*) AS count FROM copy_trades WHERE external_id LIKE 'bad-%'`,
    );
    expect(rowsOf[0]?.count).toBe(0);
  });
});
