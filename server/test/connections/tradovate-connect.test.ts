import { SUCCESS } from '@synctrade/api/messages';
import type { Broker, ConnectResponse } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';

describe('connecting Tradovate when its OAuth client is configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The token endpoint points at a closed local port: no test reaches the internet.
    t = await buildTestApp({
      env: {
        TRADOVATE_CLIENT_ID: 'client-123',
        TRADOVATE_CLIENT_SECRET: 'secret',
        TRADOVATE_TOKEN_URL: 'http://127.0.0.1:9/auth/oauthtoken',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when connect starts, then the real Tradovate consent URL and the spec message come back', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/tradovate/connect?connection_name=Live%20one&environment=live',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ConnectResponse;
    expect(body.message).toBe(SUCCESS.connect);
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://trader.tradovate.com/oauth');
    expect(url.searchParams.get('client_id')).toBe('client-123');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://synctrade.test/api/v1/brokers/tradovate/callback',
    );
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
  });

  it('when brokers are listed, then Tradovate is connectable', async () => {
    const user = await registerUser(t.app);
    const brokers = (
      await t.app.inject({ method: 'GET', url: '/api/v1/brokers', headers: user.headers })
    ).json() as Broker[];
    expect(brokers.find((broker) => broker.id === 'tradovate')).toEqual({
      id: 'tradovate',
      name: 'Tradovate',
      connectable: true,
    });
  });

  it('when the state comes back only in the cookie (no state in the query), then it is refused: the cookie never stands in', async () => {
    const user = await registerUser(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/tradovate/connect?connection_name=Cookie',
      headers: user.headers,
    });
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/tradovate/callback?code=nope',
      headers: { cookie },
    });
    const location = decodeURIComponent(String(response.headers.location));
    expect(location).toBe('/connections?status=error&code=state_missing');
  });
});
