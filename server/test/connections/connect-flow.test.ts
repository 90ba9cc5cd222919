import { SUCCESS } from '@synctrade/api/messages';
import type { Broker, ConnectionDetails, ConnectResponse } from '@synctrade/api/types';
import type { AppEventMap } from '../../src/events';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser } from '../support/users';

describe('brokers and the connect flow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('when brokers are listed, then the paper broker and ProjectX are connectable and rithmic, dxfeed are not', async () => {
    const user = await registerUser(t.app);
    const brokers = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers', headers: user.headers })
    ).json() as Broker[];
    expect(brokers.find((broker) => broker.id === 'sim')?.connectable).toBe(true);
    expect(brokers.find((broker) => broker.id === 'projectx')).toEqual({
      id: 'projectx',
      name: 'ProjectX',
      connectable: true,
    });
    for (const id of ['rithmic', 'dxfeed', 'tradovate']) {
      expect(brokers.find((broker) => broker.id === id)).toMatchObject({ id, connectable: false });
    }
    // Without OAuth credentials Tradovate is this server's to set up, not a broker still to come.
    expect(brokers.find((broker) => broker.id === 'tradovate')).toEqual({
      id: 'tradovate',
      name: 'Tradovate',
      connectable: false,
      needs_setup: true,
    });
    expect(brokers.find((broker) => broker.id === 'dxfeed')?.needs_setup).toBeUndefined();
  });

  it('when a paper connection is authorized, then it is stored with its accounts and the browser lands on /connections with success', async () => {
    const user = await registerUser(t.app);
    const created: Array<AppEventMap['connection:created']> = [];
    const off = t.app.events.on('connection:created', (event) => {
      created.push(event);
    });
    const { location, connection } = await connectSim(t.app, user, 'My paper', 'demo');
    off();
    // Only a code and the new connection's id travel: the page names the connection from its own list.
    expect(location).toBe(`/connections?status=success&connection=${connection.id}`);
    expect(connection).toMatchObject({
      connection_name: 'My paper',
      enabled: true,
      broker_name: 'sim',
      environment: 'demo',
      status: 'connected',
    });
    expect(connection.account_count).toBeGreaterThan(0);
    expect(created).toEqual([{ userId: user.id, connectionId: connection.id }]);
    const details = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/brokers/connections/${connection.id}/account-info`,
        headers: user.headers,
      })
    ).json() as ConnectionDetails;
    expect(details.connection).toEqual({
      id: connection.id,
      connection_name: 'My paper',
      user_data: expect.stringMatching(/^paper-trader-/),
      broker_name: 'sim',
      environment: 'demo',
    });
    expect(details.accounts).toHaveLength(connection.account_count);
    expect(details.accounts[0]).toEqual({
      id: expect.any(Number),
      account_name: expect.any(String),
      currency_name: 'USD',
      currency_symbol: '$',
      cash_balance: expect.any(Number),
      active: true,
      enabled: true,
    });
  });

  it('when the connection is stored, then the broker credentials are sealed, not plain', async () => {
    const user = await registerUser(t.app);
    const { connection } = await connectSim(t.app, user);
    const rows = await t.db.query<{ credentials: string }>(
      'SELECT credentials FROM connections WHERE id = $1',
      [connection.id],
    );
    expect(rows[0]?.credentials).toMatch(/^v1\./);
    expect(rows[0]?.credentials).not.toContain('sim:');
    expect(t.app.secrets.open<{ accessToken: string }>(rows[0]?.credentials ?? '').accessToken).toMatch(
      /^sim:/,
    );
  });

  it('when connect starts for the paper broker, then the url and a Redirecting message come back', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/sim/connect?connection_name=P1&environment=live',
      headers: user.headers,
    });
    const body = response.json() as ConnectResponse;
    expect(body.url).toContain('/api/v1/brokers/sim/authorize?');
    expect(body.message).toMatch(/^Redirecting to /);
  });

  it('when Tradovate has no credentials configured, then connect answers a clear 400', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/tradovate/connect?connection_name=T&environment=demo',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Tradovate is not configured on this server: its OAuth client credentials are missing',
    });
  });

  it.each([
    ['rithmic', 400, 'Rithmic cannot be connected yet'],
    ['nope', 404, 'Broker not found'],
  ])('when connect is asked for %s, then %i', async (broker, status, detail) => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/${broker}/connect?connection_name=X`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail });
  });

  it.each([
    ['environment=demo', 'Connection name is required'],
    ['connection_name=%20%20&environment=demo', 'Connection name is required'],
    [`connection_name=${'x'.repeat(101)}`, 'Connection name must be at most 100 characters'],
    ['connection_name=A&environment=paper', 'Environment must be demo or live'],
  ])('when the connect query is %s, then 400 %s', async (query, detail) => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/sim/connect?${query}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('when the callback has an unknown state, then the browser lands on /connections with an error', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/sim/callback?code=abc&state=forged',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/connections\?status=error&code=/);
  });

  it('when the callback has no state, then an error redirect too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/brokers/sim/callback?code=abc' });
    expect(response.headers.location).toMatch(/^\/connections\?status=error&code=/);
  });

  it('when a state is replayed or the code is bad, then an error redirect and no connection', async () => {
    const user = await registerUser(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/sim/connect?connection_name=Replay',
      headers: user.headers,
    });
    const state = new URL((start.json() as ConnectResponse).url).searchParams.get('state') ?? '';
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/sim/callback?code=wrong&state=${state}`,
    });
    expect(decodeURIComponent(String(bad.headers.location))).toContain('status=error');
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/sim/callback?code=wrong&state=${state}`,
    });
    expect(String(replay.headers.location)).toBe('/connections?status=error&code=state_expired');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/connections',
      headers: user.headers,
    });
    expect(list.json()).toEqual([]);
  });

  it('when the broker reports the user cancelled, then an error redirect', async () => {
    const user = await registerUser(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/sim/connect?connection_name=C',
      headers: user.headers,
    });
    const state = new URL((start.json() as ConnectResponse).url).searchParams.get('state') ?? '';
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/sim/callback?error=access_denied&state=${state}`,
    });
    expect(String(response.headers.location)).toBe('/connections?status=error&code=cancelled');
  });

  it('when not signed in, then the broker list and connect answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/brokers' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/brokers/sim/connect?connection_name=x' }))
        .statusCode,
    ).toBe(401);
  });

  it('the success message of the spec stays the Tradovate one', () => {
    expect(SUCCESS.connect).toBe('Redirecting to Tradovate Auth page');
  });
});
