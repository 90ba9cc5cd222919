import type { Connection, ConnectionDetails, ConnectResponse } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';
import { startFakeTradovate, type FakeTradovate } from '../../fakes/tradovate/server';

/** The browser's part at the (fake) Tradovate consent page: Approve as the given Tradovate user. */
async function approveAt(consentUrl: string, tradovateUserId: number): Promise<string> {
  const html = await (await fetch(consentUrl)).text();
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&'));
  form.set('userId', String(tradovateUserId));
  form.set('decision', 'approve');
  const answer = await fetch(new URL('/oauth/approve', consentUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return answer.headers.get('location') ?? '';
}

describe('the server connecting Tradovate against the fake Tradovate', () => {
  let fake: FakeTradovate;
  let t: TestApp;
  let trader: { userId: number };
  beforeAll(async () => {
    fake = await startFakeTradovate({ clientId: 'synctrade-app', clientSecret: 'app-secret' });
    trader = fake.control.addUser('Tara Trader', [
      { name: 'TV-DEMO-1', balance: 12_345 },
      { name: 'TV-DEMO-2' },
    ]);
    t = await buildTestApp({
      env: { TRADOVATE_CLIENT_ID: 'synctrade-app', TRADOVATE_CLIENT_SECRET: 'app-secret', ...fake.env },
    });
  });
  afterAll(async () => {
    // The engine opens a session per new connection in the background; let both finish opening so that
    // closing the app closes them (a session still opening would outlive the app and keep reconnecting).
    const deadline = Date.now() + 10_000;
    while (fake.control.socketCount() < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.close();
    await fake.close();
  });

  it.each(['demo', 'live'] as const)(
    'when a user connects a %s Tradovate account and approves, then the callback stores the connection with its accounts and balances',
    async (environment) => {
      const user = await registerUser(t.app);
      const name = `Tradovate ${environment}`;
      const start = await t.app.inject({
        method: 'GET',
        url: `/api/v1/brokers/tradovate/connect?connection_name=${encodeURIComponent(name)}&environment=${environment}`,
        headers: user.headers,
      });
      expect(start.statusCode).toBe(200);
      const consentUrl = (start.json() as ConnectResponse).url;
      expect(consentUrl.startsWith(fake.oauthUrl)).toBe(true);
      const back = new URL(await approveAt(consentUrl, trader.userId));
      expect(back.pathname).toBe('/api/v1/brokers/tradovate/callback');
      const cookie = String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      const callback = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      const location = decodeURIComponent(String(callback.headers.location));
      expect(location).toContain('status=success');
      const connections = (
        await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
      ).json() as Connection[];
      const connection = connections.find((c) => c.connection_name === name);
      expect(connection).toMatchObject({ broker_name: 'tradovate', environment, account_count: 2 });
      const details = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/brokers/connections/${connection?.id}/account-info`,
          headers: user.headers,
        })
      ).json() as ConnectionDetails;
      expect(details.connection.user_data).toBe('Tara Trader (tara.trader@example.test)');
      expect(details.accounts.map((a) => [a.account_name, a.cash_balance])).toEqual(
        expect.arrayContaining([
          ['TV-DEMO-1', 12_345],
          ['TV-DEMO-2', 50_000],
        ]),
      );
    },
  );
});
