import type { HistoryData, MessageResponse, OrderData, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call, table, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

describe('copier routes on the paper broker', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Paper'));
  });
  afterAll(async () => t.close());

  it('when a paper broker is connected, then the desk lists its accounts with balances and no roles', () => {
    expect(
      rows.map((r) => [r.broker_name, r.balance, r.side, r.qty, r.is_master, r.is_follower, r.state]),
    ).toEqual(Array.from({ length: 4 }, () => ['sim', 50_000, 'flat', 0, false, false, 'ok']));
    expect(rows[0]?.account_name).toMatch(/^SIM-/);
  });

  it('when a leader and followers are set and the leader trades on the ticket, then followers copy with ratio and Cross and the orders list shows it', async () => {
    const [leader, f1, f2, plain] = rows.map((r) => r.id) as [number, number, number, number];
    expect(
      (await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${leader}/master`)).body.message,
    ).toBe('Account master updated successfully');
    expect(
      (await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${f1}/follower`)).body.message,
    ).toBe('Account follower updated successfully');
    await call(t.app, user, 'PUT', `/copier/accounts/${f2}/follower`);
    expect(
      (await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${f1}/ratio`, { ratio: 2 })).body
        .message,
    ).toBe('Ratio updated successfully');
    expect(
      (await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${f2}/cross`, { cross: true })).body
        .message,
    ).toBe('Cross updated successfully');

    const ticket = await call<MessageResponse>(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    expect(ticket.status).toBe(200);
    const desk = await waitForDesk(
      t.app,
      user,
      (list) => list.find((r) => r.id === f1)?.qty === 2 && list.find((r) => r.id === f2)?.qty === 1,
    );
    expect(desk.map((r) => [r.id, r.side, r.qty, r.is_master, r.is_follower])).toEqual([
      [leader, 'long', 1, true, false],
      [f1, 'long', 2, false, true],
      [f2, 'long', 1, false, true],
      [plain, 'flat', 0, false, false],
    ]);

    const orders = (await call<OrderData>(t.app, user, 'GET', `/copier/order-data/${user.id}`)).body;
    expect(orders.total_orders).toBe(3);
    expect(orders.summary).toEqual({ buy_orders: 3, sell_orders: 0 });
    expect(orders.orders.map((o) => [o.role, o.status, o.qty, o.contract.slice(0, -2)]).sort()).toEqual([
      ['copy', 'Success', 1, 'MES'],
      ['copy', 'Success', 2, 'ES'],
      ['leader', 'Success', 1, 'ES'],
    ]);
    expect(
      orders.orders.filter((o) => o.role === 'copy').every((o) => o.latency_ms !== null && o.latency_ms >= 0),
    ).toBe(true);
  });

  it('when everything is flattened, then every position is 0 and the round trips appear in the trade history', async () => {
    const ids = (await table(t.app, user)).map((r) => r.id);
    const flat = await call<MessageResponse>(t.app, user, 'POST', '/brokers/accounts/flatten-positions', ids);
    expect(flat.body.message).toBe('Flatten updated successfully');
    await waitForDesk(t.app, user, (list) => list.every((r) => r.qty === 0));
    const history = (await call<HistoryData>(t.app, user, 'GET', `/copier/trade-history/${user.id}`)).body;
    expect(
      history.trades.map((trade) => [trade.symbol.slice(0, -2), trade.side, trade.qty, trade.source]).sort(),
    ).toEqual([
      ['ES', 'buy', 1, 'copier'],
      ['ES', 'buy', 2, 'copier'],
      ['MES', 'buy', 1, 'copier'],
    ]);
    const es = history.trades.find((trade) => trade.qty === 2);
    expect(es?.pnl).toBeCloseTo((es?.pts ?? 0) * 2 * 50, 2);
  });

  it('when the ratio is not a number above zero, then it answers 400 with the spec message', async () => {
    const id = rows[1]?.id ?? 0;
    for (const ratio of [0, -1, 'abc', null]) {
      const response = await call<{ detail: string }>(t.app, user, 'PUT', `/copier/accounts/${id}/ratio`, {
        ratio,
      });
      expect([response.status, response.body.detail]).toEqual([400, 'Please enter a valid ratio value']);
    }
  });

  it('when the leader toggles follow, then it answers 400 and stays leader', async () => {
    const response = await call<{ detail: string }>(
      t.app,
      user,
      'PUT',
      `/copier/accounts/${rows[0]?.id ?? 0}/follower`,
    );
    expect(response.status).toBe(400);
    expect((await table(t.app, user))[0]?.is_master).toBe(true);
  });

  it('when a new leader is chosen, then the old one becomes a plain account', async () => {
    const [old, , , next] = rows.map((r) => r.id);
    await call(t.app, user, 'PUT', `/copier/accounts/${next}/master`);
    const list = await table(t.app, user);
    expect(list.filter((r) => r.is_master).map((r) => r.id)).toEqual([next]);
    expect(list.find((r) => r.id === old)).toMatchObject({ is_master: false, is_follower: false });
    await call(t.app, user, 'PUT', `/copier/accounts/${old}/master`);
  });

  it('when all followers are disabled, then no account follows any more', async () => {
    expect(
      (await call<MessageResponse>(t.app, user, 'PUT', '/copier/followers/disable-all')).body.message,
    ).toBe('All followers disabled successfully');
    expect((await table(t.app, user)).some((r) => r.is_follower)).toBe(false);
  });
});
