import type { CopyGroup, HistoryData } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

/**
 * A paper leader with two followers (ratios 1 and 2) makes one round trip: history holds three trades, one per
 * account. Each scope must count only its accounts' trades, in the page, the statistics and the plain form.
 */
describe('trade history by account, copy group and leaders only', () => {
  let t: TestApp;
  let user: TestUser;
  let names: Map<number, string>;
  let leader: number;
  let f1: number;
  let f2: number;
  let spare: number;
  const paged = (query: string) =>
    call<HistoryData>(t.app, user, 'GET', `/copier/trade-history/${user.id}?limit=50&${query}`);
  const accountsOf = (body: HistoryData) => body.trades.map((trade) => trade.account).sort();

  beforeAll(async () => {
    const desk = await openPaperDesk('Scoped');
    ({ t, user } = desk);
    [leader, f1, f2, spare] = desk.rows.map((row) => row.id) as [number, number, number, number];
    names = new Map(desk.rows.map((row) => [row.id, row.account_name]));
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    for (const follower of [f1, f2]) await call(t.app, user, 'PUT', `/copier/accounts/${follower}/follower`);
    await call(t.app, user, 'PUT', `/copier/accounts/${f2}/ratio`, { ratio: 2 });
    for (const side of ['buy', 'sell'] as const) {
      const ticket = await call(t.app, user, 'POST', '/sim/orders', {
        account_id: leader,
        contract: 'ES',
        side,
        qty: 1,
        order_type: 'Market',
      });
      expect(ticket.status).toBe(200);
      const held = side === 'buy' ? 1 : 0;
      await waitForDesk(
        t.app,
        user,
        (rows) =>
          rows.find((r) => r.id === f1)?.qty === held && rows.find((r) => r.id === f2)?.qty === 2 * held,
      );
    }
    // The copies' fills are stored behind the desk: wait until every account's round trip is in history.
    const deadline = Date.now() + 20_000;
    while ((await paged('')).body.trades.length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve));
  }, 60_000);
  afterAll(async () => t.close());

  it('when no scope is named, then every account’s trade counts, copies included', async () => {
    const all = (await paged('')).body;
    expect(accountsOf(all)).toEqual([names.get(leader), names.get(f1), names.get(f2)].sort());
    expect([all.total, all.summary?.trades, all.summary?.contracts]).toEqual([3, 3, 4]);
    expect(accountsOf((await paged('scope=all')).body)).toHaveLength(3);
  });

  it('when leaders only is asked, then only the leader’s trade and its statistics are answered', async () => {
    const leaders = (await paged('scope=leaders')).body;
    expect(leaders.trades.map((trade) => [trade.account, trade.qty])).toEqual([[names.get(leader), 1]]);
    expect([leaders.total, leaders.summary?.trades, leaders.summary?.contracts]).toEqual([1, 1, 1]);
    expect(leaders.days?.map((d) => d.trades)).toEqual([1]);
  });

  it('when one account is asked, then its own trade is answered, in the paged and the plain form', async () => {
    const second = (await paged(`account_id=${f2}`)).body;
    expect(second.trades.map((trade) => [trade.account, trade.qty])).toEqual([[names.get(f2), 2]]);
    expect([second.total, second.summary?.contracts]).toEqual([1, 2]);
    const plain = await call<HistoryData>(
      t.app,
      user,
      'GET',
      `/copier/trade-history/${user.id}?account_id=${f1}`,
    );
    expect(plain.body.trades.map((trade) => [trade.account, trade.qty])).toEqual([[names.get(f1), 1]]);
    expect((await paged(`account_id=${spare}`)).body.trades).toEqual([]);
  });

  it('when a copy group is asked, then its accounts’ trades are answered and an empty group answers none', async () => {
    const groups = (await call<CopyGroup[]>(t.app, user, 'GET', '/copier/groups')).body;
    const first = groups.find((group) => group.first);
    expect(accountsOf((await paged(`group_id=${first?.id}`)).body)).toHaveLength(3);
    const created = await call<CopyGroup>(t.app, user, 'POST', '/copier/groups', { name: 'Funded' });
    expect(created.status).toBe(201);
    const empty = (await paged(`group_id=${created.body.id}`)).body;
    expect([empty.trades, empty.total, empty.summary?.trades]).toEqual([[], 0, 0]);
  });

  it('when the scope is bad, another trader’s or doubled, then the answer says so and shows nothing', async () => {
    const other = await registerUser(t.app);
    const otherAccount = (await paged(`account_id=999999`)).status;
    expect(otherAccount).toBe(404);
    const theirs = await call<{ detail: string }>(
      t.app,
      other,
      'GET',
      `/copier/trade-history/${other.id}?limit=50&account_id=${leader}`,
    );
    expect([theirs.status, theirs.body]).toEqual([404, { detail: 'Account not found' }]);
    const groups = (await call<CopyGroup[]>(t.app, user, 'GET', '/copier/groups')).body;
    const theirGroup = await call<{ detail: string }>(
      t.app,
      other,
      'GET',
      `/copier/trade-history/${other.id}?group_id=${groups[0]?.id}`,
    );
    expect([theirGroup.status, theirGroup.body]).toEqual([404, { detail: 'Group not found' }]);
    const both = await call<{ detail: string }>(
      t.app,
      user,
      'GET',
      `/copier/trade-history/${user.id}?account_id=${f1}&scope=leaders`,
    );
    expect([both.status, both.body]).toEqual([
      400,
      { detail: 'Choose one of account_id, group_id or scope=leaders' },
    ]);
    const unknown = await call<{ detail: string }>(
      t.app,
      user,
      'GET',
      `/copier/trade-history/${user.id}?scope=mine`,
    );
    expect([unknown.status, unknown.body]).toEqual([400, { detail: 'scope must be all or leaders' }]);
    const notId = await call<{ detail: string }>(
      t.app,
      user,
      'GET',
      `/copier/trade-history/${user.id}?account_id=abc`,
    );
    expect([notId.status, notId.body]).toEqual([404, { detail: 'Account not found' }]);
  });

  it('when trades are imported onto an account, then they carry its name and connection and count in its scope', async () => {
    const row = (n: number) => ({
      symbol: 'NQZ6',
      side: 'buy',
      qty: 1,
      entry_time: `2026-11-0${n}T14:00:00Z`,
      exit_time: `2026-11-0${n}T14:05:00Z`,
      entry_price: 21000,
      exit_price: 21001,
      pnl: 20,
      external_id: `scoped-${n}`,
    });
    const onto = await call(t.app, user, 'POST', '/copier/trade-history/import', {
      trades: [row(2), row(3)],
      account_id: spare,
    });
    expect(onto.status).toBe(200);
    const loose = await call(t.app, user, 'POST', '/copier/trade-history/import', { trades: [row(4)] });
    expect(loose.status).toBe(200);
    const spareOnly = (await paged(`account_id=${spare}`)).body;
    expect(spareOnly.trades.map((trade) => [trade.account, trade.connection, trade.source])).toEqual([
      [names.get(spare), 'Scoped', 'import'],
      [names.get(spare), 'Scoped', 'import'],
    ]);
    const all = (await paged('')).body.trades.filter((trade) => trade.source === 'import');
    expect(all.map((trade) => [trade.account, trade.connection]).sort()).toEqual(
      [
        ['', 'Import'],
        [names.get(spare), 'Scoped'],
        [names.get(spare), 'Scoped'],
      ].sort(),
    );

    const other = await registerUser(t.app);
    const theirs = await call<{ detail: string }>(t.app, other, 'POST', '/copier/trade-history/import', {
      trades: [row(5)],
      account_id: spare,
    });
    expect([theirs.status, theirs.body]).toEqual([404, { detail: 'Account not found' }]);
    const otherHistory = await call<HistoryData>(
      t.app,
      other,
      'GET',
      `/copier/trade-history/${other.id}?limit=50`,
    );
    expect(otherHistory.body.trades).toEqual([]);
    const notId = await call<{ detail: string }>(t.app, user, 'POST', '/copier/trade-history/import', {
      trades: [row(6)],
      account_id: 0,
    });
    expect(notId.status).toBe(400);
    // Past the ids' range (the fuzzer's find): no row has it, so it is an unknown account, not a database error.
    const huge = await call<{ detail: string }>(t.app, user, 'POST', '/copier/trade-history/import', {
      trades: [row(7)],
      account_id: 2 ** 31,
    });
    expect([huge.status, huge.body]).toEqual([404, { detail: 'Account not found' }]);
    expect((await paged(`account_id=${spare}`)).body.total).toBe(2);
  });
});
