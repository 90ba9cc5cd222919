import { SUCCESS } from '@synctrade/api/messages';
import type { AccountSummary, Connection, ConnectionDetails } from '@synctrade/api/types';
import type { AppEventMap, AppEventName } from '../../src/events';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';

describe('managing connections and accounts', () => {
  let t: TestApp;
  let user: TestUser;
  let connection: Connection;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    connection = (await connectSim(t.app, user, 'Main')).connection;
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (url: string) => t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: user.headers });
  const details = async (id = connection.id) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/brokers/connections/${id}/account-info`,
        headers: user.headers,
      })
    ).json() as ConnectionDetails;

  function capture<K extends AppEventName>(event: K): { events: Array<AppEventMap[K]>; off: () => void } {
    const events: Array<AppEventMap[K]> = [];
    const off = t.app.events.on(event, (payload) => {
      events.push(payload);
    });
    return { events, off };
  }

  it('when a connection is disabled and enabled, then the list shows it and connection:toggled is emitted', async () => {
    const toggled = capture('connection:toggled');
    expect((await put(`/brokers/connections/${connection.id}/disable`)).json()).toEqual({
      message: SUCCESS.connectionToggle,
    });
    let list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
    ).json() as Connection[];
    expect(list[0]?.enabled).toBe(false);
    await put(`/brokers/connections/${connection.id}/enable`);
    list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
    ).json() as Connection[];
    expect(list[0]?.enabled).toBe(true);
    toggled.off();
    expect(toggled.events).toEqual([
      { userId: user.id, connectionId: connection.id, enabled: false },
      { userId: user.id, connectionId: connection.id, enabled: true },
    ]);
  });

  it('when all accounts are disabled then enabled, then every account follows and accounts:changed is emitted', async () => {
    const changed = capture('accounts:changed');
    expect((await put(`/brokers/connections/${connection.id}/accounts/disable-all`)).json()).toEqual({
      message: SUCCESS.toggleAll,
    });
    expect((await details()).accounts.every((account) => !account.enabled)).toBe(true);
    await put(`/brokers/connections/${connection.id}/accounts/enable-all`);
    expect((await details()).accounts.every((account) => account.enabled)).toBe(true);
    changed.off();
    expect(changed.events).toEqual([{ userId: user.id }, { userId: user.id }]);
  });

  it('when one account is disabled, then only it changes', async () => {
    const [first, second] = (await details()).accounts;
    expect((await put(`/brokers/accounts/${first?.id}/disable`)).json()).toEqual({
      message: SUCCESS.accountToggle,
    });
    const after = (await details()).accounts;
    expect(after.find((account) => account.id === first?.id)?.enabled).toBe(false);
    expect(after.find((account) => account.id === second?.id)?.enabled).toBe(true);
    await put(`/brokers/accounts/${first?.id}/enable`);
  });

  it('when accounts are listed, then each row carries its connection', async () => {
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/accounts', headers: user.headers })
    ).json() as AccountSummary[];
    expect(accounts.length).toBe(connection.account_count);
    expect(accounts[0]).toMatchObject({
      connection_id: connection.id,
      connection_name: 'Main',
      broker_name: 'sim',
    });
  });

  it.each([
    ['/brokers/connections/1/pause'],
    ['/brokers/connections/1/accounts/pause-all'],
    ['/brokers/accounts/1/pause'],
  ])('when the action %s is unknown, then 404', async (url) => {
    expect((await put(url)).statusCode).toBe(404);
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '2147483647'])(
    'when the id is %s, then 404 with a detail, never 500',
    async (id) => {
      for (const response of [
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/brokers/connections/${id}/account-info`,
          headers: user.headers,
        }),
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/brokers/connections/${id}`,
          headers: user.headers,
        }),
        await put(`/brokers/connections/${id}/enable`),
        await put(`/brokers/connections/${id}/accounts/enable-all`),
        await put(`/brokers/accounts/${id}/enable`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(typeof (response.json() as { detail: string }).detail).toBe('string');
      }
    },
  );

  it('when a connection is deleted, then its accounts go too and connection:deleted names them', async () => {
    const other = (await connectSim(t.app, user, 'To delete')).connection;
    const accountIds = (await details(other.id)).accounts.map((account) => account.id).sort((a, b) => a - b);
    const deleted = capture('connection:deleted');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/brokers/connections/${other.id}`,
      headers: user.headers,
    });
    deleted.off();
    expect(response.json()).toEqual({ message: SUCCESS.deleteConnection });
    expect(deleted.events).toEqual([{ userId: user.id, connectionId: other.id, accountIds }]);
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM broker_accounts WHERE connection_id = $1',
      [other.id],
    );
    expect(rows[0]?.n).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/brokers/connections/${other.id}/account-info`,
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('when not signed in, then every connection route answers 401', async () => {
    for (const [method, url] of [
      ['GET', '/brokers/connections'],
      ['GET', '/brokers/accounts'],
      ['GET', `/brokers/connections/${connection.id}/account-info`],
      ['DELETE', `/brokers/connections/${connection.id}`],
      ['PUT', `/brokers/connections/${connection.id}/enable`],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });
});
