import type { ApiKeyConnectResponse, Connection, ConnectionDetails } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';

describe('the server connecting ProjectX with an API key against the fake gateway', () => {
  let fake: FakeProjectX;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeProjectX();
    fake.addUser({ userName: 'tara', apiKey: 'secret-key-123' });
    fake.addUser({ userName: 'nosub', apiKey: 'k', keyState: 'no-subscription' });
    fake.addUser({ userName: 'off', apiKey: 'k', keyState: 'disabled' });
    fake.addAccount({ id: 7001, userName: 'tara', name: 'TOPX-50K-1', balance: 50_000 });
    fake.addAccount({ id: 7002, userName: 'tara', name: 'TOPX-50K-2', balance: 48_500.5 });
    t = await buildTestApp({ env: { PROJECTX_PRIVATE_HOSTS: new URL(fake.restUrl).host } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    connection_name: '  Topstep eval  ',
    environment: 'demo',
    firm: 'custom',
    custom_host: fake.restUrl,
    custom_hub: fake.hubUrl,
    user_name: 'tara',
    api_key: 'secret-key-123',
    ...overrides,
  });

  it('checks the key with ProjectX, stores the connection with its accounts, seals the key and never shows it', async () => {
    const user = await registerUser(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brokers/projectx/connect-key',
      headers: user.headers,
      payload: body(),
    });
    expect(answer.statusCode).toBe(201);
    const { connection_id, message } = answer.json() as ApiKeyConnectResponse;
    expect(message).toBe('Connection Topstep eval added successfully');
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
    ).json() as Connection[];
    expect(list).toEqual([
      expect.objectContaining({
        id: connection_id,
        connection_name: 'Topstep eval',
        broker_name: 'projectx',
        account_count: 2,
        environment: 'demo',
      }),
    ]);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/connections/${connection_id}/account-info`,
      headers: user.headers,
    });
    expect(details.body).not.toContain('secret-key-123');
    const info = details.json() as ConnectionDetails;
    expect(info.connection.user_data).toBe('tara');
    const [row] = await t.app.db.query<{ credentials: string }>(
      'SELECT credentials FROM connections WHERE id = $1',
      [connection_id],
    );
    expect(row!.credentials).not.toContain('secret-key-123');
    expect(t.app.secrets.open<{ apiKey: string; restUrl: string }>(row!.credentials)).toMatchObject({
      apiKey: 'secret-key-123',
      restUrl: fake.restUrl,
    });
  });

  it.each([
    [{ api_key: 'wrong' }, 'Could not connect to ProjectX: ProjectX refused the user name or API key'],
    [
      { user_name: 'nosub', api_key: 'k' },
      expect.stringContaining('no API subscription (ApiSubscriptionNotFound)'),
    ],
    [
      { user_name: 'off', api_key: 'k' },
      expect.stringContaining(
        'API key sign-in is disabled for this ProjectX user (ApiKeyAuthenticationDisabled)',
      ),
    ],
    [{ connection_name: '   ' }, 'Connection name is required'],
    [{ api_key: '' }, 'API key is required'],
    [{ firm: 'nope' }, 'Unknown firm: choose one from the list or a custom host'],
    [{ custom_host: '' }, 'The API host is required for a custom firm'],
    [{ custom_host: 'not a url' }, 'The host must be an https:// address without a path, user or password'],
  ])('refuses %j with a clear message and stores nothing', async (overrides, detail) => {
    const user = await registerUser(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brokers/projectx/connect-key',
      headers: user.headers,
      payload: body(overrides),
    });
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { detail: string }).detail).toEqual(detail);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
    ).json() as Connection[];
    expect(list).toEqual([]);
  });

  it('does not connect the paper broker or Tradovate by API key', async () => {
    const user = await registerUser(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brokers/sim/connect-key',
      headers: user.headers,
      payload: body(),
    });
    expect(answer.statusCode).toBe(400);
  });
});
