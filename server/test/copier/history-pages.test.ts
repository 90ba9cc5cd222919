import type { HistoryData, Trade } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call } from './support/http';

/**
 * A known set of imported trades: 3 days in November 2026, fixed P&L. The expected figures below are written
 * out by hand from this table, never computed by the code under test.
 *   day (UTC)    trades (pnl, qty)
 *   2026-11-02   +100 ×1, -40 ×2, 0 ×1           net 60
 *   2026-11-03   +25.50 ×3, -10.25 ×1            net 15.25
 *   2026-11-05   -200 ×4, +50 ×1, +30 ×2         net -120
 */
const TABLE: Array<[string, number, number]> = [
  ['2026-11-02T14:00:00Z', 100, 1],
  ['2026-11-02T15:00:00Z', -40, 2],
  ['2026-11-02T16:00:00Z', 0, 1],
  ['2026-11-03T14:00:00Z', 25.5, 3],
  ['2026-11-03T23:30:00Z', -10.25, 1],
  ['2026-11-05T14:00:00Z', -200, 4],
  ['2026-11-05T15:00:00Z', 50, 1],
  ['2026-11-05T16:00:00Z', 30, 2],
];

function rows(): Record<string, unknown>[] {
  return TABLE.map(([exit, pnl, qty], i) => ({
    symbol: 'ESZ6',
    side: i % 2 === 0 ? 'buy' : 'sell',
    qty,
    entry_time: new Date(Date.parse(exit) - 60_000).toISOString(),
    exit_time: exit,
    entry_price: 6000,
    exit_price: 6001,
    pnl,
    external_id: `pages-${i}`,
  }));
}

/** A day of the paged answer, its figures written out by hand from the table above. */
function day(
  date: string,
  f: {
    pnl: number;
    trades: number;
    wins: number;
    losses: number;
    profit: number;
    loss: number;
    contracts: number;
  },
): NonNullable<HistoryData['days']>[number] {
  const { pnl, trades, wins, losses, contracts } = f;
  return { day: date, pnl, trades, wins, losses, gross_profit: f.profit, gross_loss: f.loss, contracts };
}

/** 2026-11-03 as UTC (and New York) closes it: +25.50 ×3 at 14:00, -10.25 ×1 at 23:30. */
const NOV_3_UTC = day('2026-11-03', {
  pnl: 15.25,
  trades: 2,
  wins: 1,
  losses: 1,
  profit: 25.5,
  loss: 10.25,
  contracts: 4,
});

describe('paged trade history (statistics by the database)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const history = async (user: TestUser, query: string): Promise<{ status: number; body: HistoryData }> =>
    call<HistoryData>(t.app, user, 'GET', `/copier/trade-history/${user.id}${query}`);

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    const imported = await call(t.app, alice, 'POST', '/copier/trade-history/import', { trades: rows() });
    expect(imported.status).toBe(200);
  }, 120_000);
  afterAll(async () => t.close());

  it('when the whole range is asked in pages, then the pages join up to every trade, newest first, and totals equal the sums of the pages', async () => {
    const seen: Trade[] = [];
    let summary: HistoryData['summary'];
    for (let offset = 0; offset < 10; offset += 3) {
      const page = (await history(alice, `?limit=3&offset=${offset}`)).body;
      expect(page.total).toBe(8);
      expect([page.limit, page.offset]).toEqual([3, offset]);
      seen.push(...page.trades);
      summary = page.summary;
    }
    expect(seen.map((trade) => trade.exit_time)).toEqual(
      TABLE.map(([exit]) => new Date(exit).toISOString()).reverse(),
    );
    expect(new Set(seen.map((trade) => trade.id)).size).toBe(8);
    const sum = (pick: (trade: Trade) => number): number =>
      Math.round(seen.reduce((total, trade) => total + pick(trade), 0) * 100) / 100;
    expect(summary).toEqual({
      trades: 8,
      wins: 4,
      losses: 3,
      gross_profit: 205.5,
      gross_loss: 250.25,
      net_pnl: -44.75,
      contracts: 15,
    });
    expect(summary?.net_pnl).toBe(sum((trade) => trade.pnl));
    expect(summary?.contracts).toBe(sum((trade) => trade.qty));
    expect(summary?.gross_profit).toBe(sum((trade) => Math.max(0, trade.pnl)));
  });

  it('when a range is asked, then the page, totals and days cover only that range', async () => {
    const page = (await history(alice, '?start_date=2026-11-03&end_date=2026-11-05&limit=2')).body;
    expect(page.total).toBe(5);
    expect(page.trades.map((trade) => trade.pnl)).toEqual([30, 50]);
    expect(page.summary).toEqual({
      trades: 5,
      wins: 3,
      losses: 2,
      gross_profit: 105.5,
      gross_loss: 210.25,
      net_pnl: -104.75,
      contracts: 11,
    });
    expect(page.days).toEqual([
      NOV_3_UTC,
      day('2026-11-05', { pnl: -120, trades: 3, wins: 2, losses: 1, profit: 80, loss: 200, contracts: 7 }),
    ]);
    const single = (await history(alice, '?start_date=2026-11-02&end_date=2026-11-02&limit=500')).body;
    expect(single.days).toEqual([
      day('2026-11-02', { pnl: 60, trades: 3, wins: 1, losses: 1, profit: 100, loss: 40, contracts: 4 }),
    ]);
    expect(single.summary?.net_pnl).toBe(60);
    const empty = (await history(alice, '?start_date=2026-11-04&end_date=2026-11-04&limit=10')).body;
    expect(empty).toEqual({
      trades: [],
      total: 0,
      offset: 0,
      limit: 10,
      summary: { trades: 0, wins: 0, losses: 0, gross_profit: 0, gross_loss: 0, net_pnl: 0, contracts: 0 },
      days: [],
    });
  });

  it('when a time zone is given, then trades fall on the day they closed there', async () => {
    // 2026-11-03 23:30 UTC is 18:30 in New York (same day) and 00:30 on the 4th in Berlin.
    const berlin = (
      await history(alice, '?start_date=2026-11-03&end_date=2026-11-03&limit=5&tz=Europe/Berlin')
    ).body;
    expect(berlin.days).toEqual([
      day('2026-11-03', { pnl: 25.5, trades: 1, wins: 1, losses: 0, profit: 25.5, loss: 0, contracts: 3 }),
      day('2026-11-04', { pnl: -10.25, trades: 1, wins: 0, losses: 1, profit: 0, loss: 10.25, contracts: 1 }),
    ]);
    const york = (
      await history(alice, '?start_date=2026-11-03&end_date=2026-11-03&limit=5&tz=America/New_York')
    ).body;
    expect(york.days).toEqual([NOV_3_UTC]);
  });

  it('when no page is asked, then the answer keeps the spec shape with every trade', async () => {
    const all = (await history(alice, '')).body;
    expect(Object.keys(all)).toEqual(['trades']);
    expect(all.trades).toHaveLength(8);
  });

  it('when paging parameters are hostile, then 400 with a detail', async () => {
    for (const query of [
      '?limit=0',
      '?limit=501',
      '?limit=abc',
      '?limit=5&offset=-1',
      '?limit=5&tz=Mars/Base',
      "?limit=5&tz=UTC'--",
    ]) {
      const response = await call<{ detail: string }>(
        t.app,
        alice,
        'GET',
        `/copier/trade-history/${alice.id}${query}`,
      );
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.body.detail).toMatch(/limit|offset|tz/);
    }
  });

  it('when another user asks, then they see none of these trades', async () => {
    const page = (await history(bob, '?limit=50')).body;
    expect([page.total, page.trades, page.days]).toEqual([0, [], []]);
    expect((await call(t.app, bob, 'GET', `/copier/trade-history/${alice.id}?limit=5`)).status).toBe(404);
  });
});
