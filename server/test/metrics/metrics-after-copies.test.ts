import type { MessageResponse, OrderData, SyncAccount } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from '../copier/support/http';

const TOKEN = 'scrape-token-for-copies';
const REFUSAL = 'Insufficient margin for this order';

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** One sample's value, by its exact name and label text as Prometheus writes them; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrapeUntil(t: TestApp, check: (text: string) => boolean): Promise<string> {
  const until = Date.now() + 5_000;
  let text = await scrape(t);
  while (!check(text)) {
    if (Date.now() > until) throw new Error(`metrics never settled:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    text = await scrape(t);
  }
  return text;
}

describe('metrics after real paper copies', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  beforeAll(async () => {
    t = await buildTestApp({ config: { metrics: { host: '127.0.0.1', token: TOKEN } } });
    user = await registerUser(t.app);
    await connectSim(t.app, user, 'Paper');
    rows = await waitForDesk(t.app, user, (list) => list.length === 4);
  });
  afterAll(async () => t.close());

  it('when a leader trades to one follower that fills and one the venue refuses, then the counters say one accepted and one refused, with latencies', async () => {
    const [leader, filled, refused] = rows as [SyncAccount, SyncAccount, SyncAccount];
    await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${leader.id}/master`);
    await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${filled.id}/follower`);
    await call<MessageResponse>(t.app, user, 'PUT', `/copier/accounts/${refused.id}/follower`);
    const before = await scrape(t);
    expect(sample(before, 'synctrade_copies_total{broker="sim",result="accepted"}')).toBe(0);
    expect(before).toMatch(/^synctrade_broker_sessions_open\{broker="sim"\} 1$/m);

    const venueAccount = t.app.copier.engine.accounts.get(refused.id)?.externalId ?? null;
    expect(venueAccount).not.toBeNull();
    t.app.paperVenue.faults.arm({ kind: 'reject', reason: REFUSAL }, venueAccount);
    const ticket = await call<MessageResponse>(t.app, user, 'POST', '/sim/orders', {
      account_id: leader.id,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    expect(ticket.status).toBe(200);

    const text = await scrapeUntil(
      t,
      (now) =>
        sample(now, 'synctrade_copies_total{broker="sim",result="accepted"}') === 1 &&
        sample(now, 'synctrade_copies_total{broker="sim",result="rejected"}') === 1,
    );
    // The venue refused the order as it was placed (an error, no order): `refused`, as the README's reason codes
    // say; `broker_rejected` is for an order the broker took and then rejected.
    expect(sample(text, 'synctrade_copy_rejections_total{broker="sim",reason="refused"}')).toBe(1);
    expect(sample(text, 'synctrade_copy_rejections_total{broker="sim",reason="broker_rejected"}')).toBe(0);
    // Only the accepted copy is timed, once per stage.
    expect(sample(text, 'synctrade_copy_latency_seconds_count{broker="sim",stage="sent"}')).toBe(1);
    expect(sample(text, 'synctrade_copy_latency_seconds_count{broker="sim",stage="ack"}')).toBe(1);

    // What the orders list says agrees: the refused copy carries the venue's reason.
    const orders = (await call<OrderData>(t.app, user, 'GET', `/copier/order-data/${user.id}`)).body.orders;
    const copies = orders.filter((order) => order.role === 'copy');
    expect(copies.map((order) => order.status).sort()).toEqual(['Rejected', 'Success']);
  });

  it('when scraped, then the pool gauge is there on PostgreSQL and absent on the embedded database', async () => {
    const text = await scrape(t);
    if (t.db.kind === 'postgres') {
      expect(text).toMatch(/^synctrade_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^synctrade_db_pool_connections\{state="idle"\} \d+$/m);
      expect(sample(text, 'synctrade_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).toContain('# TYPE synctrade_db_pool_connections gauge');
      expect(text).not.toMatch(/^synctrade_db_pool_connections\{/m);
    }
  });
});
