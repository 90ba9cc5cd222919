import type { SyncAccount } from '@synctrade/api/types';
import { MAX_LIST_ITEMS } from '../../src/http/list-cap';
import { MAX_FEEDS_PER_USER } from '../../src/routes/ws/accounts';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { getTicket, listen, openFeed, type TestFeed, waitForSockets } from '../support/feed-client';
import { registerUser, type TestUser } from '../support/users';
import { openPaperDesk } from '../copier/support/paper-desk';

describe('lists in requests are capped and resolved in one query', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Caps paper'));
  });
  afterAll(async () => t.close());

  const flatten = (ids: unknown, who: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/brokers/accounts/flatten-positions',
      headers: who.headers,
      payload: ids as object,
    });

  /** Counts the database queries the app runs while `work` is under way. */
  async function queriesDuring(work: () => Promise<unknown>): Promise<number> {
    const original = t.db.query.bind(t.db);
    let count = 0;
    t.db.query = (async (sql: string, params?: unknown[]) => {
      count += 1;
      return original(sql, params);
    }) as typeof t.db.query;
    try {
      await work();
    } finally {
      t.db.query = original;
    }
    return count;
  }

  it('when 60,000 account ids are sent to flatten, then 400 with a detail and no database work per id', async () => {
    const ids = Array.from({ length: 60_000 }, (_, index) => index + 1);
    let answer: Awaited<ReturnType<typeof flatten>> | undefined;
    const queries = await queriesDuring(async () => {
      answer = await flatten(ids);
    });
    expect(answer?.statusCode).toBe(400);
    expect(answer?.json()).toEqual({ detail: `body may hold at most ${MAX_LIST_ITEMS} items` });
    // Sign-in checks and the paper ledger's background writes may run meanwhile; work per id would be 60,000.
    expect(queries).toBeLessThanOrEqual(5);
  });

  it('when the cap is sent with unknown ids, then 404 after one ownership query', async () => {
    const ids = Array.from({ length: MAX_LIST_ITEMS }, (_, index) => 1_000_000 + index);
    let answer: Awaited<ReturnType<typeof flatten>> | undefined;
    const queries = await queriesDuring(async () => {
      answer = await flatten(ids);
    });
    expect(answer?.statusCode).toBe(404);
    expect(answer?.json()).toEqual({ detail: 'Account not found' });
    // As above, background writes may run meanwhile; a query per id would be 500.
    expect(queries).toBeLessThanOrEqual(5);
  });

  it("when another tenant's ids are in the list, then 404 and none of the caller's accounts is touched", async () => {
    const other = await registerUser(t.app);
    const mine = rows.map((row) => row.id);
    const answer = await flatten(mine, other);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Account not found' });
  });

  it('when ids beyond any row (2^31 and more) are sent, then 404, not a database error', async () => {
    const answer = await flatten([rows[0]?.id, 2 ** 31, 2 ** 53]);
    expect(answer.statusCode).toBe(404);
  });

  it('when an import holds more trades than its cap, then 400 before any row is read or stored', async () => {
    // Empty rows, so the list stays far under the body limit and only its length is wrong.
    const trades = Array.from({ length: 10_001 }, () => ({}));
    let answer: Awaited<ReturnType<typeof flatten>> | undefined;
    const queries = await queriesDuring(async () => {
      answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/copier/trade-history/import',
        headers: user.headers,
        payload: { trades },
      });
    });
    expect(answer?.statusCode).toBe(400);
    expect(answer?.json()).toEqual({ detail: 'trades may hold at most 10000 items' });
    // As above: a query (or a row check) per trade would be 10,001.
    expect(queries).toBeLessThanOrEqual(5);
  });

  it('when the caller flattens its own accounts, then it is answered', async () => {
    const answer = await flatten(rows.map((row) => row.id));
    expect(answer.statusCode).toBe(200);
  });
});

describe('the feed caps the sockets of one user', () => {
  let t: TestApp;
  let base: string;
  const feeds: TestFeed[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const feed of feeds) feed.socket.close();
    await t.close();
  });

  it(`when a user opens more than ${MAX_FEEDS_PER_USER} feeds, then the extra one is closed with a policy code`, async () => {
    const user = await registerUser(t.app);
    for (let index = 0; index < MAX_FEEDS_PER_USER; index += 1) {
      const feed = openFeed(base, await getTicket(t.app, user.token));
      feeds.push(feed);
      await feed.opened;
    }
    // A socket counts once its ticket is redeemed, after the upgrade: with a pool of database connections the
    // extra one's ticket could be redeemed before the last of these, and then the last one is refused instead.
    await waitForSockets(t.app, user.id, MAX_FEEDS_PER_USER);
    const extra = openFeed(base, await getTicket(t.app, user.token));
    feeds.push(extra);
    expect((await extra.closed).code).toBe(1008);
    expect(
      feeds.slice(0, MAX_FEEDS_PER_USER).every((feed) => feed.socket.readyState === feed.socket.OPEN),
    ).toBe(true);
  });

  it('when a client sends a message over 64 KB, then only that socket is closed as too big', async () => {
    const user = await registerUser(t.app);
    const quiet = openFeed(base, await getTicket(t.app, user.token));
    const loud = openFeed(base, await getTicket(t.app, user.token));
    feeds.push(quiet, loud);
    await Promise.all([quiet.opened, loud.opened]);
    // 60,000 ids: the shape that froze the HTTP route, sent down the feed instead.
    loud.socket.send(JSON.stringify({ type: 'resync', ids: Array.from({ length: 60_000 }, (_, i) => i) }));
    expect((await loud.closed).code).toBe(1009);
    // The other socket still answers: a resync sent now brings the full list.
    const sentAt = quiet.messages.length;
    quiet.socket.send(JSON.stringify({ type: 'resync' }));
    await quiet.next((m) => m.type === 'account_data' && quiet.messages.indexOf(m) >= sentAt);
    expect(quiet.socket.readyState).toBe(quiet.socket.OPEN);
  });
});
