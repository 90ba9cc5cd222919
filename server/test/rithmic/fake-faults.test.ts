import { startFakeRithmic, type FakeRithmic } from '../../fakes/rithmic/server';
import { login, type RawRithmic } from './support/fake-client';
import { orderSession, place, settle } from './support/fake-session';

describe('fake Rithmic gateway: fault switches and control API', () => {
  let fake: FakeRithmic;
  let client: RawRithmic;
  const open: RawRithmic[] = [];

  beforeEach(async () => {
    fake = await startFakeRithmic({ limits: 'off' });
    fake.addUser({ user: 'trader', password: 'pw', maxSessions: 3 });
    fake.addAccount({ user: 'trader', accountId: 'ACC-1' });
    fake.setPrice('ESZ6', 'CME', 6000);
    client = await orderSession(fake, 'trader', 'ACC-1');
    open.push(client);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await fake.close();
  });

  const fills = (c: RawRithmic) => c.received.filter((m) => m.template_id === 352 && m.notify_type === 5);

  it('loseAnswers: executes the order, then closes the socket before its 313', async () => {
    fake.setFaults({ loseAnswers: { remaining: 1, templates: [312] } });
    client.send(312, {
      user_tag: 'lost-1',
      symbol: 'ESZ6',
      exchange: 'CME',
      quantity: 1,
      transaction_type: 1,
      price_type: 2,
      trade_route: 'simulator',
      account_id: 'ACC-1',
    });
    expect((await client.closedWith()).code).toBe(4001);
    expect(client.received.filter((m) => m.template_id === 313)).toEqual([]);
    expect(fake.world.orders().map((o) => [o.userTag, o.status])).toEqual([['lost-1', 'complete']]);
    // A new session finds it by user_tag in the fills (3506), and the next 312 is answered again.
    const again = await orderSession(fake, 'trader', 'ACC-1');
    open.push(again);
    await again.answer(3507, again.send(3506, { account_id: 'ACC-1' }));
    expect(fills(again).map((m) => m.user_tag)).toEqual(['lost-1']);
    expect((await place(again, 'ACC-1', { user_tag: 'ok' })).rp_code).toEqual(['0']);
    expect(fake.world.requests(312)).toBe(2);
  });

  it('loseAnswers on 10: the login happens, its answer is lost with the socket', async () => {
    fake.setFaults({ loseAnswers: { remaining: 1, templates: [10] } });
    await expect(
      login(fake.url, { user: 'trader', password: 'pw', system: 'Rithmic Test', infraType: 2 }),
    ).rejects.toThrow(/socket closed \(4001/);
    const { client: next, answer } = await login(fake.url, {
      user: 'trader',
      password: 'pw',
      system: 'Rithmic Test',
      infraType: 2,
    });
    open.push(next);
    expect(answer.rp_code).toEqual(['0']);
  });

  it('dropNotifications: the next N notifications are not sent', async () => {
    fake.setFaults({ dropNotifications: { remaining: 3 } });
    const placed = await place(client, 'ACC-1', { user_tag: 'd' });
    await settle();
    const seen = client.received
      .filter((m) => m.basket_id === placed.basket_id && (m.template_id === 351 || m.template_id === 352))
      .map((m) => `${m.template_id}:${String(m.notify_type)}`);
    expect(seen).toEqual(['351:10', '351:13', '352:1', '352:5', '351:15']);
  });

  it('duplicateFills: every 352 FILL twice with the same fill_id; partialFillLot: fills in lots', async () => {
    fake.setFaults({ duplicateFills: true, partialFillLot: 2 });
    await place(client, 'ACC-1', { quantity: 5 });
    await settle();
    expect(
      fills(client).map((m) => [m.fill_id, m.fill_size, m.total_fill_size, m.total_unfilled_size ?? 0]),
    ).toEqual([
      ['1', 2, 2, 3],
      ['1', 2, 2, 3],
      ['2', 2, 4, 1],
      ['2', 2, 4, 1],
      ['3', 1, 5, 0],
      ['3', 1, 5, 0],
    ]);
    expect(fake.world.position('ACC-1', 'ESZ6').netQty).toBe(5);
    fake.clearFaults();
    client.received.length = 0;
    await place(client, 'ACC-1', { quantity: 3 });
    await settle();
    expect(fills(client).map((m) => m.fill_size)).toEqual([3]);
  });

  it('pnlDelayMs: PnL pushes come later', async () => {
    const { client: pnl } = await login(fake.url, {
      user: 'trader',
      password: 'pw',
      system: 'Rithmic Test',
      infraType: 4,
    });
    open.push(pnl);
    await pnl.answer(401, pnl.send(400, { request: 1, account_id: 'ACC-1' }));
    fake.setFaults({ pnlDelayMs: 200 });
    const started = Date.now();
    await place(client, 'ACC-1', {});
    await settle(100);
    expect(pnl.received.filter((m) => m.template_id === 451)).toEqual([]);
    await pnl.next((m) => m.template_id === 451, 1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('unknownTemplates: a 358 follows each login answer', async () => {
    fake.setFaults({ unknownTemplates: true });
    const { client: other, answer } = await login(fake.url, {
      user: 'trader',
      password: 'pw',
      system: 'Rithmic Test',
      infraType: 2,
    });
    open.push(other);
    expect(answer.rp_code).toEqual(['0']);
    await other.next((m) => m.template_id === 358);
  });

  it('disconnectAll: closes every socket once, then the fake serves again', async () => {
    const { client: pnl } = await login(fake.url, {
      user: 'trader',
      password: 'pw',
      system: 'Rithmic Test',
      infraType: 4,
    });
    open.push(pnl);
    fake.setFaults({ disconnectAll: true });
    expect((await client.closedWith()).code).toBe(1001);
    expect((await pnl.closedWith()).code).toBe(1001);
    const back = await orderSession(fake, 'trader', 'ACC-1');
    open.push(back);
    expect(back.closed).toBeNull();
  });

  it('calls onPublished after each 351/352, and the HTTP control API moves prices', async () => {
    const published: number[] = [];
    fake.onPublished = (templateId, atHr) => {
      expect(atHr).toBeGreaterThan(0);
      published.push(templateId);
    };
    await place(client, 'ACC-1', { price_type: 1, price: 5990 });
    expect(published).toEqual([351, 351, 351, 351, 351, 352]);
    const http = fake.url.replace('ws:', 'http:');
    const moved = await fetch(`${http}/__control/price`, {
      method: 'POST',
      body: JSON.stringify({ symbol: 'ESZ6', exchange: 'CME', price: 5989 }),
    });
    expect(moved.status).toBe(200);
    expect(fake.world.orders()[0]?.status).toBe('complete');
    const bad = await fetch(`${http}/__control/price`, {
      method: 'POST',
      body: JSON.stringify({ symbol: 'ESZ6', exchange: 'CME', price: -1 }),
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${http}/__control/price`, { method: 'POST', body: '[' })).status).toBe(400);
    expect((await fetch(`${http}/__control/nope`, { method: 'POST', body: '{}' })).status).toBe(404);
    const fault = await fetch(`${http}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ disconnectAll: true }),
    });
    expect(fault.status).toBe(200);
    expect((await client.closedWith()).code).toBe(1001);
  });
});
