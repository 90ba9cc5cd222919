import type { Connection, ConnectionHealth, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

const PER_MINUTE = 6;

describe('each connection as the copier holds it (Home’s connection health)', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  const health = async (who: TestUser): Promise<ConnectionHealth[]> => {
    const answer = await call<ConnectionHealth[]>(t.app, who, 'GET', '/copier/connections/health');
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Health paper', PER_MINUTE));
    // The desk lists the accounts from the database; the engine opens the connection's session on its own time.
    const until = Date.now() + 5_000;
    while (!(await health(user)).some((row) => row.session_open && row.up) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 25));
  });
  afterAll(async () => t.close());

  it('when a trader reads it, then their connection is open and up, heard just now, with its login’s request budget', async () => {
    const before = Date.now();
    const [only, ...others] = await health(user);
    const [connection] = (await call<Connection[]>(t.app, user, 'GET', '/brokers/connections')).body;
    expect(others).toEqual([]);
    expect(only).toMatchObject({
      connection_id: connection?.id,
      session_open: true,
      up: true,
      budget_per_minute: PER_MINUTE,
    });
    // The paper venue runs in the server: it is heard as long as the session is open.
    expect(Date.parse(only?.last_heard_at ?? '')).toBeGreaterThanOrEqual(before);
    expect(only?.budget_left).toBeGreaterThan(0);
    expect(only?.budget_left).toBeLessThanOrEqual(PER_MINUTE);
  });

  it('when a leader order is copied to three followers, then the budget left drops by the requests they took', async () => {
    const before = (await health(user))[0]?.budget_left ?? 0;
    const [leader, ...followers] = rows.map((r) => r.id) as [number, number, number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    for (const id of followers) await call(t.app, user, 'PUT', `/copier/accounts/${id}/follower`);
    await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    await waitForDesk(t.app, user, (list) => list.filter((r) => r.qty === 1).length >= 2);
    const after = (await health(user))[0]?.budget_left ?? 0;
    // One token comes back every 10 s at six a minute: well after this test's few seconds.
    expect(after).toBeLessThan(before);
  });

  it('when another trader or no one signed in asks, then they see none of it', async () => {
    const other = await registerUser(t.app);
    expect(await health(other)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/copier/connections/health' });
    expect(anonymous.statusCode).toBe(401);
  });
});
