import { startFakeRithmic, type FakeRithmic } from '../../fakes/rithmic/server';
import { login, type Msg, RawRithmic } from './support/fake-client';

const ORDER_PLANT = 2;
const PNL_PLANT = 4;

describe('fake Rithmic gateway: the async_rithmic request sequence', () => {
  let fake: FakeRithmic;
  const open: RawRithmic[] = [];

  beforeEach(async () => {
    fake = await startFakeRithmic();
    fake.addUser({ user: 'trader', password: 'pw' });
    fake.addAccount({ user: 'trader', accountId: 'ACC-1', name: 'Main', balance: 50_000 });
    fake.setPrice('ESZ6', 'CME', 6000);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await fake.close();
  });

  it('replays _connect, _login and the order plant bootstrap, a NewOrder and ShowOrders', async () => {
    // 1. System info on its own socket, which the client then closes (base.py _connect).
    const info = await RawRithmic.open(fake.url);
    const infoId = info.send(16);
    const systems = await info.next((m) => m.template_id === 17);
    expect(systems).toMatchObject({ user_msg: [infoId], rp_code: ['0'] });
    expect(systems.system_name).toEqual(['Rithmic Test', 'Rithmic Paper Trading', 'Rithmic 01', 'Apex']);
    info.close();

    // 2. Login with template_version "3.9" (base.py _login), then a heartbeat.
    const { client, answer } = await login(fake.url, {
      user: 'trader',
      password: 'pw',
      system: 'Rithmic Test',
      infraType: ORDER_PLANT,
    });
    open.push(client);
    expect(answer).toMatchObject({
      rp_code: ['0'],
      fcm_id: 'FakeFCM',
      ib_id: 'FakeIB',
      heartbeat_interval: 30,
    });
    expect(answer.unique_user_id).toBeTruthy();
    const hb = client.send(18);
    expect(await client.next((m) => m.template_id === 19)).toMatchObject({ user_msg: [hb], rp_code: ['0'] });

    // 3. order.py _login: 300, then 310 (subscribe_for_updates) and 302, then 308 and 336 per account.
    const info300 = client.send(300);
    const loginInfo = await client.answer(301, info300);
    expect(loginInfo.rows).toEqual([]);
    expect(loginInfo.terminal).toMatchObject({
      rp_code: ['0'],
      fcm_id: 'FakeFCM',
      ib_id: 'FakeIB',
      user: 'trader',
      user_type: 3,
      tp_max_session_count: 1,
      op_max_session_count: 1,
    });
    const routesId = client.send(310, {
      subscribe_for_updates: true,
      fcm_id: 'FakeFCM',
      ib_id: 'FakeIB',
      user_type: 3,
    });
    const routes = await client.answer(311, routesId);
    expect(routes.terminal.rp_code).toEqual(['0']);
    expect(routes.rows.length).toBeGreaterThan(0);
    for (const row of routes.rows) expect(row.rq_handler_rp_code).toEqual(['0']);
    const cme = routes.rows.find((r) => r.exchange === 'CME');
    expect(cme?.trade_route).toBe('simulator');
    const accountsId = client.send(302, { fcm_id: 'FakeFCM', ib_id: 'FakeIB', user_type: 3 });
    const accounts = await client.answer(303, accountsId);
    expect(accounts.rows.map((r) => [r.account_id, r.account_name, r.account_currency])).toEqual([
      ['ACC-1', 'Main', 'USD'],
    ]);
    expect(accounts.terminal.rp_code).toEqual(['0']);
    for (const template of [308, 336]) {
      const id = client.send(template, { fcm_id: 'FakeFCM', ib_id: 'FakeIB', account_id: 'ACC-1' });
      expect((await client.answer(template + 1, id)).terminal.rp_code).toEqual(['0']);
    }

    // 4. submit_order's fields: user_tag, symbol, exchange, price_type, quantity, manual_or_auto (MANUAL by
    //    default), transaction_type, duration DAY, account_id, trade_route from 311; fcm/ib/user_type set by _build_request.
    const orderId = client.send(312, {
      user_tag: 'copy-1',
      symbol: 'ESZ6',
      exchange: 'CME',
      price_type: 2,
      quantity: 2,
      manual_or_auto: 1,
      transaction_type: 1,
      duration: 1,
      account_id: 'ACC-1',
      trade_route: cme?.trade_route,
      fcm_id: 'FakeFCM',
      ib_id: 'FakeIB',
    });
    const placed = await client.answer(313, orderId);
    expect(placed.rows).toEqual([]);
    expect(placed.terminal).toMatchObject({ rp_code: ['0'], user_tag: 'copy-1' });
    const basketId = placed.terminal.basket_id as string;
    expect(basketId).toMatch(/^\d+$/);

    const ofOrder = (t: number) => (m: Msg) => m.template_id === t && m.basket_id === basketId;
    const lifecycle: number[] = [];
    for (let i = 0; i < 5; i++) {
      const n = await client.next(ofOrder(351));
      expect(n.user_tag).toBe('copy-1');
      lifecycle.push(n.notify_type as number);
    }
    expect(lifecycle).toEqual([1, 4, 7, 10, 13]);
    expect(await client.next(ofOrder(352))).toMatchObject({ notify_type: 1, user_tag: 'copy-1' });
    const fill = await client.next(ofOrder(352));
    expect(fill).toMatchObject({
      notify_type: 5,
      fill_price: 6000,
      fill_size: 2,
      total_fill_size: 2,
      avg_fill_price: 6000,
      user_tag: 'copy-1',
    });
    expect(fill.total_unfilled_size ?? 0).toBe(0);
    expect(fill.fill_id).toBeTruthy();
    expect(fill.fill_time).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(fill.fill_date).toMatch(/^\d{8}$/);
    expect(await client.next(ofOrder(351))).toMatchObject({ notify_type: 15, completion_reason: 'Fill' });
    expect(fake.world.position('ACC-1', 'ESZ6')).toEqual({ netQty: 2, avgPrice: 6000 });
    expect(fake.world.requests(312)).toBe(1);

    // 5. A resting limit, then list_orders: 352 rows with is_snapshot, then 321 with only rp_code.
    const limitId = client.send(312, {
      user_tag: 'copy-2',
      symbol: 'ESZ6',
      exchange: 'CME',
      price_type: 1,
      price: 5990,
      quantity: 1,
      manual_or_auto: 2,
      transaction_type: 1,
      duration: 1,
      account_id: 'ACC-1',
      trade_route: 'simulator',
    });
    const limitBasket = (await client.answer(313, limitId)).terminal.basket_id;
    await client.next((m) => m.template_id === 351 && m.basket_id === limitBasket && m.notify_type === 13);
    client.received.length = 0;
    const showId = client.send(320, { account_id: 'ACC-1' });
    const shown = await client.answer(321, showId);
    expect(shown.terminal.rp_code).toEqual(['0']);
    const snapshot = client.received.filter((m) => m.template_id === 352 && m.is_snapshot === true);
    expect(snapshot.map((m) => [m.basket_id, m.user_tag, m.price, m.total_unfilled_size])).toEqual([
      [limitBasket, 'copy-2', 5990, 1],
    ]);

    // The limit fills when the market trades through it.
    fake.setPrice('ESZ6', 'CME', 5989.5);
    expect(
      await client.next((m) => m.template_id === 352 && m.basket_id === limitBasket && m.notify_type === 5),
    ).toMatchObject({
      fill_price: 5990,
      fill_size: 1,
    });
    expect(fake.world.position('ACC-1', 'ESZ6').netQty).toBe(3);
  });

  it('pushes 451 account and 450 instrument P&L on the PnL plant after 400 subscribe', async () => {
    fake.addUser({ user: 'pnl', password: 'pw', maxSessions: 1 });
    fake.addAccount({ user: 'pnl', accountId: 'ACC-P', balance: 10_000 });
    const { client: pnl, answer } = await login(fake.url, {
      user: 'pnl',
      password: 'pw',
      system: 'Rithmic 01',
      infraType: PNL_PLANT,
    });
    open.push(pnl);
    expect(answer.rp_code).toEqual(['0']);
    const sub = pnl.send(400, { request: 1, account_id: 'ACC-P', fcm_id: 'FakeFCM', ib_id: 'FakeIB' });
    expect((await pnl.answer(401, sub)).terminal.rp_code).toEqual(['0']);

    const { client: orders } = await login(fake.url, {
      user: 'pnl',
      password: 'pw',
      system: 'Rithmic 01',
      infraType: ORDER_PLANT,
    });
    open.push(orders);
    const id = orders.send(312, {
      user_tag: 'p-1',
      symbol: 'ESZ6',
      exchange: 'CME',
      price_type: 2,
      quantity: 1,
      manual_or_auto: 2,
      transaction_type: 1,
      duration: 1,
      account_id: 'ACC-P',
      trade_route: 'simulator',
    });
    expect((await orders.answer(313, id)).terminal.rp_code).toEqual(['0']);
    const instrument = await pnl.next((m) => m.template_id === 450);
    expect(instrument).toMatchObject({
      account_id: 'ACC-P',
      symbol: 'ESZ6',
      net_quantity: 1,
      open_position_pnl: '0.00',
    });
    const account = await pnl.next((m) => m.template_id === 451);
    expect(account).toMatchObject({
      account_id: 'ACC-P',
      net_quantity: 1,
      day_pnl: '0.00',
      account_balance: '10000.00',
    });

    fake.setPrice('ESZ6', 'CME', 6002); // +2 points × 50 USD
    expect(await pnl.next((m) => m.template_id === 450)).toMatchObject({
      day_pnl: 100,
      day_open_pnl: 100,
      open_position_pnl: '100.00',
    });
    expect(await pnl.next((m) => m.template_id === 451)).toMatchObject({
      day_pnl: '100.00',
      open_position_pnl: '100.00',
    });

    const snap = pnl.send(402, { account_id: 'ACC-P' });
    await pnl.answer(403, snap);
    expect(pnl.received.filter((m) => m.is_snapshot === true).map((m) => m.template_id)).toEqual([450, 451]);
  });
});
