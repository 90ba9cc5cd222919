import type { ConnectionDetails, NotificationList } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { getTicket, listen, openFeed, waitForSockets } from '../support/feed-client';
import { registerUser, type TestUser } from '../support/users';

/** Alice owns the ids; Bob tries every id-taking route with them and must get 404 and change nothing. */
describe('two tenants', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let connectionId: number;
  let accountId: number;
  let notificationId: number;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    await connectSim(t.app, bob, 'Bob own');
    connectionId = (await connectSim(t.app, alice, 'Alice main')).connection.id;
    const details = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/brokers/connections/${connectionId}/account-info`,
        headers: alice.headers,
      })
    ).json() as ConnectionDetails;
    accountId = details.accounts[0]?.id ?? 0;
    notificationId = (await t.app.notify(alice.id, { kind: 'info', title: 'Private', message: 'For Alice' }))
      .id;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['GET', () => `/brokers/connections/${connectionId}/account-info`],
    ['DELETE', () => `/brokers/connections/${connectionId}`],
    ['PUT', () => `/brokers/connections/${connectionId}/disable`],
    ['PUT', () => `/brokers/connections/${connectionId}/enable`],
    ['PUT', () => `/brokers/connections/${connectionId}/accounts/disable-all`],
    ['PUT', () => `/brokers/connections/${connectionId}/accounts/enable-all`],
    ['PUT', () => `/brokers/accounts/${accountId}/disable`],
    ['PUT', () => `/brokers/accounts/${accountId}/enable`],
    ['PUT', () => `/notifications/${notificationId}/read`],
  ] as const)('when Bob calls %s %s with Alice’s id, then 404', async (method, url) => {
    const response = await t.app.inject({ method, url: `/api/v1${url()}`, headers: bob.headers });
    expect(response.statusCode).toBe(404);
    expect(typeof (response.json() as { detail: string }).detail).toBe('string');
  });

  it('when Bob has tried everything, then Alice’s data is unchanged', async () => {
    const details = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/brokers/connections/${connectionId}/account-info`,
        headers: alice.headers,
      })
    ).json() as ConnectionDetails;
    expect(details.connection.connection_name).toBe('Alice main');
    expect(details.accounts.every((account) => account.enabled)).toBe(true);
    const notifications = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: alice.headers })
    ).json() as NotificationList;
    expect(notifications.unread).toBe(1);
  });

  it('when Bob lists, then he sees only his own connections, accounts and notifications', async () => {
    const connections = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: bob.headers })
    ).json() as Array<{ connection_name: string }>;
    expect(connections.map((connection) => connection.connection_name)).toEqual(['Bob own']);
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/accounts', headers: bob.headers })
    ).json() as Array<{ id: number }>;
    expect(accounts.map((account) => account.id)).not.toContain(accountId);
    const notifications = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bob.headers })
    ).json() as NotificationList;
    expect(notifications).toEqual({ notifications: [], unread: 0 });
  });

  it('when Bob’s feed is open and Alice’s accounts change, then Bob receives none of Alice’s messages', async () => {
    const bobFeed = openFeed(base, await getTicket(t.app, bob.token));
    await waitForSockets(t.app, bob.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/brokers/accounts/${accountId}/disable`,
      headers: alice.headers,
    });
    await t.app.notify(alice.id, { kind: 'info', title: 'Second', message: 'Alice only' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const leaked = bobFeed.messages.filter(
      (message) => message.type !== 'heartbeat' && JSON.stringify(message).includes('Alice'),
    );
    expect(leaked).toEqual([]);
    bobFeed.socket.close();
  });

  it('when Bob’s feed opens, then its account snapshot holds only Bob’s accounts', async () => {
    const bobFeed = openFeed(base, await getTicket(t.app, bob.token));
    const snapshot = await bobFeed.next((message) => message.type === 'account_data');
    const ids = snapshot.type === 'account_data' ? snapshot.accounts.map((account) => account.id) : [];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(accountId);
    bobFeed.socket.close();
  });

  it('when Bob opens the feed with Alice’s used ticket, then it is refused', async () => {
    const ticket = await getTicket(t.app, alice.token);
    const aliceFeed = openFeed(base, ticket);
    await waitForSockets(t.app, alice.id);
    const stolen = openFeed(base, ticket);
    expect((await stolen.closed).code).toBe(4401);
    aliceFeed.socket.close();
  });
});
