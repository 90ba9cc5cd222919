import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { DayJournal, HistoryData, Trade } from '@synctrade/api/types';
import { DAY_NOTES_CHUNK } from '../../src/copier/history/journal-repo';
import { HISTORY_CHUNK } from '../../src/copier/history/trades-repo';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { firstOf, watchQueries } from '../support/query-gate';
import { registerUser, type TestUser } from '../support/users';
import { call } from './support/http';

/** Three full chunks and a part: the last chunk is short, and every chunk boundary falls inside a tie. */
const TRADES = 3 * HISTORY_CHUNK + 17;
const BASE = Date.UTC(2026, 10, 2, 14, 0);

/**
 * Trade `i` closes at minute ⌊i/3⌋ (three trades share every exit time, so the chunks must break ties by id) and
 * is told apart by its P&L, `i`.
 */
function importRows(): Record<string, unknown>[] {
  return Array.from({ length: TRADES }, (_, i) => {
    const exit = BASE + Math.floor(i / 3) * 60_000;
    return {
      symbol: i % 2 === 0 ? 'ESZ6' : 'NQZ6',
      side: i % 2 === 0 ? 'buy' : 'sell',
      qty: 1 + (i % 4),
      entry_time: new Date(exit - 90_000).toISOString(),
      exit_time: new Date(exit).toISOString(),
      entry_price: 6000,
      exit_price: 6001,
      pnl: i,
      external_id: `stream-${i}`,
    };
  });
}

/** The answer's trades must be these, newest exit first and, within an exit time, newest id first. */
function expectFullHistory(trades: Trade[]): void {
  expect(trades).toHaveLength(TRADES);
  expect(new Set(trades.map((trade) => trade.id)).size).toBe(TRADES);
  const byPnl = [...trades].sort((a, b) => a.pnl - b.pnl);
  byPnl.forEach((trade, i) => {
    const exit = BASE + Math.floor(i / 3) * 60_000;
    expect(trade).toEqual({
      id: trade.id,
      time: new Date(exit - 90_000).toISOString(),
      exit_time: new Date(exit).toISOString(),
      duration: 90,
      connection: 'Import',
      account: '',
      symbol: i % 2 === 0 ? 'ESZ6' : 'NQZ6',
      side: i % 2 === 0 ? 'buy' : 'sell',
      qty: 1 + (i % 4),
      avgEntry: 6000,
      avgExit: 6001,
      pts: i % 2 === 0 ? 1 : -1,
      pnl: i,
      journal: '',
      source: 'import',
    });
  });
  for (let i = 1; i < trades.length; i += 1) {
    const [before, after] = [trades[i - 1] as Trade, trades[i] as Trade];
    const order = Date.parse(before.exit_time) - Date.parse(after.exit_time) || before.id - after.id;
    expect(order).toBeGreaterThan(0);
  }
}

/** A GET over a real socket: resolves with the answer's head once it arrives; the body is collected as it comes. */
function getOverSocket(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ response: IncomingMessage; body: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${path}`, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      const ended = new Promise<void>((done, failed) => {
        response.on('data', (piece: string) => (text += piece));
        response.on('end', done);
        response.on('error', failed);
      });
      resolve({ response, body: () => text, ended });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let turn = 0; !check(); turn += 1) {
    if (turn > 2_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the full trade history is written as it is read', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    const imported = await call<{ imported: number }>(t.app, alice, 'POST', '/copier/trade-history/import', {
      trades: importRows(),
    });
    expect(imported.body.imported).toBe(TRADES);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => t.close());

  it('when the plain form is asked, then the body is every trade of the spec, read in bounded chunks', async () => {
    const watch = watchQueries(t.db, 'exit_key');
    try {
      const answer = await call<HistoryData>(t.app, alice, 'GET', `/copier/trade-history/${alice.id}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['trades']);
      expectFullHistory(answer.body.trades);
    } finally {
      watch.restore();
    }
    expect(watch.seen.map((query) => query.rows)).toEqual([
      HISTORY_CHUNK,
      HISTORY_CHUNK,
      HISTORY_CHUNK,
      TRADES - 3 * HISTORY_CHUNK,
    ]);
  });

  it("when a huge answer is midway, then its first trades have reached the client and another tenant's requests are answered", async () => {
    const watch = watchQueries(t.db, 'exit_key', 2);
    try {
      const big = await getOverSocket(base, `/api/v1/copier/trade-history/${alice.id}`, alice.headers);
      expect(big.response.statusCode).toBe(200);
      expect(big.response.headers['content-type']).toMatch(/^application\/json/);
      // The second chunk's rows are held from the server: without chunks there is no second read, and the answer
      // ends instead.
      expect(await firstOf(watch.held, big.ended)).toBe('first');
      await until(() => big.body().length > 0, 'the first chunks reach the client');
      expect(big.body().startsWith('{"trades":[{"id":')).toBe(true);

      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile',
        headers: bob.headers,
      });
      expect(profile.statusCode).toBe(200);
      const page = await call<HistoryData>(t.app, bob, 'GET', `/copier/trade-history/${bob.id}?limit=10`);
      expect(page.status).toBe(200);
      // Two of the four chunks read, and no more while the client waits.
      expect(watch.seen).toHaveLength(2);

      watch.open();
      await big.ended;
      expectFullHistory((JSON.parse(big.body()) as HistoryData).trades);
    } finally {
      watch.open();
      watch.restore();
    }
  });

  it('when two tenants read long lists at once, then their chunks take turns, one chunk at a time, and light requests pass', async () => {
    const watch = watchQueries(t.db, 'exit_key', 2);
    try {
      const first = await getOverSocket(base, `/api/v1/copier/trade-history/${alice.id}`, alice.headers);
      expect(await firstOf(watch.held, first.ended)).toBe('first');
      // Bob's first chunk waits behind Alice's second, which is held; his sign-in check and a light read do not.
      const second = t.app.inject({
        method: 'GET',
        url: `/api/v1/copier/trade-history/${bob.id}`,
        headers: bob.headers,
      });
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile',
        headers: bob.headers,
      });
      expect(profile.statusCode).toBe(200);
      expect(watch.seen).toHaveLength(2);

      watch.open();
      expect((await second).json()).toEqual({ trades: [] });
      await first.ended;
      expectFullHistory((JSON.parse(first.body()) as HistoryData).trades);
    } finally {
      watch.open();
      watch.restore();
    }
  });

  it('when a range is asked, then only its trades come back', async () => {
    // Minutes 0..166 close on 2026-11-02 14:00..16:46; the range ends the day before: nothing.
    const empty = await call<HistoryData>(
      t.app,
      alice,
      'GET',
      `/copier/trade-history/${alice.id}?end_date=2026-11-01`,
    );
    expect(empty).toEqual({ status: 200, body: { trades: [] } });
    const all = await call<HistoryData>(
      t.app,
      alice,
      'GET',
      `/copier/trade-history/${alice.id}?start_date=2026-11-02&end_date=2026-11-02`,
    );
    expect(all.body.trades).toHaveLength(TRADES);
  });

  it("when another tenant asks for the user's history, then 404 and none of it", async () => {
    const answer = await call(t.app, bob, 'GET', `/copier/trade-history/${alice.id}`);
    expect(answer).toEqual({ status: 404, body: { detail: 'User not found' } });
  });

  it('when the day notes are asked, then every note comes back in date order, read in bounded chunks', async () => {
    const days = 2 * DAY_NOTES_CHUNK + 31;
    await t.db.query(
      `INSERT INTO copy_day_journals (user_id, day, note)
       SELECT $1, d::date, 'note of ' || to_char(d, 'YYYY-MM-DD') FROM generate_series('2025-01-01'::date, '2025-01-01'::date + $2::int - 1, '1 day') AS d`,
      [alice.id, days],
    );
    const expected: DayJournal[] = Array.from({ length: days }, (_, i) => {
      const date = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
      return { date, note: `note of ${date}` };
    });
    const watch = watchQueries(t.db, 'FROM copy_day_journals');
    try {
      const answer = await call<DayJournal[]>(t.app, alice, 'GET', '/copier/journal/days');
      expect(answer).toEqual({ status: 200, body: expected });
      const ranged = await call<DayJournal[]>(
        t.app,
        alice,
        'GET',
        '/copier/journal/days?start_date=2025-03-01&end_date=2025-03-03',
      );
      expect(ranged.body).toEqual(
        expected.filter((note) => note.date >= '2025-03-01' && note.date <= '2025-03-03'),
      );
      expect(await call(t.app, bob, 'GET', '/copier/journal/days')).toEqual({ status: 200, body: [] });
    } finally {
      watch.restore();
    }
    expect(watch.seen.slice(0, 3).map((query) => query.rows)).toEqual([DAY_NOTES_CHUNK, DAY_NOTES_CHUNK, 31]);
  });
});
