import type {
  DayJournal,
  HistoryData,
  ImportResult,
  MessageResponse,
  RiskSettings,
  SyncAccount,
} from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';

const trade = (external_id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  symbol: 'MNQZ6',
  side: 'buy',
  qty: 2,
  entry_time: '2026-11-20T15:00:00Z',
  exit_time: '2026-11-20T15:04:21Z',
  entry_price: 21000,
  exit_price: 21010,
  pnl: 40,
  external_id,
  ...overrides,
});

describe('copier settings, history and tenancy', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let accounts: SyncAccount[];

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    await connectSim(t.app, alice, 'Alice paper');
    accounts = await waitForDesk(t.app, alice, (list) => list.length === 4);
  });
  afterAll(async () => t.close());

  it("when another user names alice's accounts, then every copier route answers 404 and nothing changes", async () => {
    const id = accounts[1]?.id ?? 0;
    const attempts: Array<['GET' | 'PUT' | 'POST', string, unknown?]> = [
      ['PUT', `/copier/accounts/${id}/master`],
      ['PUT', `/copier/accounts/${id}/follower`],
      ['PUT', `/copier/accounts/${id}/ratio`, { ratio: 2 }],
      ['PUT', `/copier/accounts/${id}/cross`, { cross: true }],
      ['GET', `/copier/accounts/${id}/risk`],
      ['PUT', `/copier/accounts/${id}/risk`, { max_net_position: 3 }],
      ['POST', `/copier/accounts/${id}/sync`],
      ['POST', '/brokers/accounts/flatten-positions', [id]],
      ['GET', `/copier/order-data/${alice.id}`],
      ['GET', `/copier/trade-history/${alice.id}`],
      ['POST', '/sim/orders', { account_id: id, contract: 'ES', side: 'buy', qty: 1, order_type: 'Market' }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call<{ detail: string }>(t.app, bob, method, url, body);
      expect([method, url, response.status, typeof response.body.detail]).toEqual([
        method,
        url,
        404,
        'string',
      ]);
    }
    expect((await call<SyncAccount[]>(t.app, bob, 'GET', '/brokers/accounts/table')).body).toEqual([]);
    const mine = await waitForDesk(t.app, alice, (list) => list.length === 4);
    expect(mine.find((r) => r.id === id)).toMatchObject({
      is_master: false,
      is_follower: false,
      ratio: 1,
      cross: false,
    });
  });

  it('when a request has no token, then copier routes answer 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/brokers/accounts/table' });
    expect(response.statusCode).toBe(401);
  });

  it('when risk settings are read and changed, then defaults come first and changes are kept', async () => {
    const id = accounts[2]?.id ?? 0;
    const defaults = (await call<RiskSettings>(t.app, alice, 'GET', `/copier/accounts/${id}/risk`)).body;
    expect(defaults).toEqual({
      max_contracts_per_order: 50,
      max_net_position: 100,
      daily_loss_limit: 0,
      auto_sync: true,
    });
    const updated = await call<RiskSettings>(t.app, alice, 'PUT', `/copier/accounts/${id}/risk`, {
      max_net_position: 4,
      auto_sync: false,
    });
    expect(updated.body).toEqual({
      max_contracts_per_order: 50,
      max_net_position: 4,
      daily_loss_limit: 0,
      auto_sync: false,
    });
    expect(
      (await call<RiskSettings>(t.app, alice, 'GET', `/copier/accounts/${id}/risk`)).body.max_net_position,
    ).toBe(4);
    const bad = await call<{ detail: string }>(t.app, alice, 'PUT', `/copier/accounts/${id}/risk`, {
      max_net_position: 0,
    });
    expect(bad.status).toBe(400);
  });

  it('when cross is not a boolean or the flatten list is empty, then it answers 400 with a detail', async () => {
    const cross = await call<{ detail: string }>(
      t.app,
      alice,
      'PUT',
      `/copier/accounts/${accounts[1]?.id}/cross`,
      { cross: 'yes' },
    );
    expect([cross.status, cross.body.detail]).toEqual([400, 'cross must be true or false']);
    const empty = await call<{ detail: string }>(
      t.app,
      alice,
      'POST',
      '/brokers/accounts/flatten-positions',
      [],
    );
    expect([empty.status, empty.body.detail]).toEqual([400, 'No accounts available to flatten']);
  });

  it('when a follower is synced and all orders are canceled, then both answer their success messages', async () => {
    expect(
      (await call<MessageResponse>(t.app, alice, 'POST', `/copier/accounts/${accounts[1]?.id}/sync`)).body
        .message,
    ).toBe('Follower synced successfully');
    expect(
      (await call<MessageResponse>(t.app, alice, 'POST', '/copier/orders/cancel-all')).body.message,
    ).toBe('All orders canceled successfully');
  });

  it('when external ids hold array and quoting characters, then each is stored as sent and found again', async () => {
    // The import sends one array per column: an id must not be split or unquoted on its way into the database.
    const carol = await registerUser(t.app);
    const ids = ['odd "quoted", {braced}', 'back\\slash', 'NULL', 'semi;colon'];
    const payload = { trades: ids.map((id, i) => trade(id, { pnl: i + 1, symbol: `sym${i}` })) };
    const first = (await call<ImportResult>(t.app, carol, 'POST', '/copier/trade-history/import', payload))
      .body;
    expect([first.imported, first.duplicates]).toEqual([4, 0]);
    const again = (await call<ImportResult>(t.app, carol, 'POST', '/copier/trade-history/import', payload))
      .body;
    expect([again.imported, again.duplicates]).toEqual([0, 4]);
    const stored = await t.app.db.query<{ external_id: string; symbol: string; pnl: number }>(
      'SELECT external_id, symbol, pnl FROM copy_trades WHERE user_id = $1 ORDER BY pnl',
      [carol.id],
    );
    expect(stored.map((row) => [row.external_id, row.symbol, row.pnl])).toEqual([
      ['odd "quoted", {braced}', 'SYM0', 1],
      ['back\\slash', 'SYM1', 2],
      ['NULL', 'SYM2', 3],
      ['semi;colon', 'SYM3', 4],
    ]);
  });

  it('when trades are imported twice, then the second import adds nothing and the history lists them', async () => {
    const payload = { trades: [trade('perf-1'), trade('perf-2', { side: 'sell', pnl: -20 })] };
    const first = (await call<ImportResult>(t.app, alice, 'POST', '/copier/trade-history/import', payload))
      .body;
    expect([first.imported, first.duplicates]).toEqual([2, 0]);
    const second = (await call<ImportResult>(t.app, alice, 'POST', '/copier/trade-history/import', payload))
      .body;
    expect([second.imported, second.duplicates]).toEqual([0, 2]);
    const history = (
      await call<HistoryData>(
        t.app,
        alice,
        'GET',
        `/copier/trade-history/${alice.id}?start_date=2026-11-20&end_date=2026-11-20`,
      )
    ).body;
    expect(history.trades.map((x) => [x.symbol, x.side, x.qty, x.pnl, x.duration, x.source]).sort()).toEqual([
      ['MNQZ6', 'buy', 2, 40, 261, 'import'],
      ['MNQZ6', 'sell', 2, -20, 261, 'import'],
    ]);
    const outside = (
      await call<HistoryData>(t.app, alice, 'GET', `/copier/trade-history/${alice.id}?start_date=2026-11-21`)
    ).body;
    expect(outside.trades).toEqual([]);
    expect(
      (await call<HistoryData>(t.app, bob, 'GET', `/copier/trade-history/${bob.id}`)).body.trades,
    ).toEqual([]);
  });

  it('when an imported row is wrong, then the 400 detail names the row and nothing is stored', async () => {
    const response = await call<{ detail: string }>(t.app, alice, 'POST', '/copier/trade-history/import', {
      trades: [trade('ok-9'), trade('bad', { qty: 0 })],
    });
    expect([response.status, response.body.detail]).toEqual([400, 'Row 2: qty must be greater than 0']);
    const dates = await call<{ detail: string }>(
      t.app,
      alice,
      'GET',
      `/copier/trade-history/${alice.id}?start_date=yesterday`,
    );
    expect(dates.status).toBe(400);
  });

  it('when a trade and a day get journal notes, then they are kept and only for their owner', async () => {
    const history = (await call<HistoryData>(t.app, alice, 'GET', `/copier/trade-history/${alice.id}`)).body;
    const id = history.trades[0]?.id ?? 0;
    expect(
      (
        await call<MessageResponse>(t.app, alice, 'PUT', `/copier/trade-history/trades/${id}/journal`, {
          journal: 'Waited for the pullback',
        })
      ).body.message,
    ).toBe('Journal saved');
    expect(
      (await call(t.app, bob, 'PUT', `/copier/trade-history/trades/${id}/journal`, { journal: 'x' })).status,
    ).toBe(404);
    const again = (await call<HistoryData>(t.app, alice, 'GET', `/copier/trade-history/${alice.id}`)).body;
    expect(again.trades.find((x) => x.id === id)?.journal).toBe('Waited for the pullback');
    await call(t.app, alice, 'PUT', '/copier/journal/days/2026-11-20', { note: 'Choppy open' });
    expect(
      (
        await call<DayJournal[]>(
          t.app,
          alice,
          'GET',
          '/copier/journal/days?start_date=2026-11-01&end_date=2026-11-30',
        )
      ).body,
    ).toEqual([{ date: '2026-11-20', note: 'Choppy open' }]);
    expect((await call<DayJournal[]>(t.app, bob, 'GET', '/copier/journal/days')).body).toEqual([]);
    expect((await call(t.app, alice, 'PUT', '/copier/journal/days/20-11-2026', { note: 'x' })).status).toBe(
      400,
    );
  });
});
