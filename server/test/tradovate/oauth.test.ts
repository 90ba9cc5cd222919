import { BrokerError } from '../../src/brokers/types';
import { startWorld, type World } from './support/world';

/** Follows the consent page like a browser: GET the form, POST Approve, read the redirect. */
async function approveInBrowser(authorizeUrl: string, userId: number): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&'));
  }
  form.set('userId', String(userId));
  form.set('decision', 'approve');
  const action = new URL('/oauth/approve', authorizeUrl);
  const answer = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

describe('Tradovate OAuth connect', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({
      fake: { clientId: 'synctrade-test', clientSecret: 'secret', tokenLifetimeSec: 4800 },
    });
  });
  afterAll(() => world.close());

  it('when the trader approves on the consent page, then the code exchange yields credentials, user data and accounts with balances', async () => {
    const redirectUri = world.adapter.redirectUri;
    expect(redirectUri).toBe('http://127.0.0.1:9/api/v1/brokers/tradovate/callback');
    const url = world.adapter.authorizeUrl({ state: 'state-123', environment: 'demo', redirectUri });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(world.fake.oauthUrl);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'synctrade-test',
      redirect_uri: redirectUri,
      state: 'state-123',
    });

    const back = await approveInBrowser(url, world.follower.userId);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code') ?? '';

    const result = await world.adapter.completeAuthorization({ code, environment: 'live', redirectUri });
    expect(result.credentials.accessToken).toMatch(/^tv-/);
    expect(result.credentials.brokerUserId).toBe(String(world.follower.userId));
    // The exchange's refresh token is kept: renewals then use the refresh_token grant.
    expect(result.credentials.refreshToken).toMatch(/^rt-/);
    expect(result.credentials.expiresAt).toBeGreaterThan(Date.now() + 4700_000);
    expect(result.userData).toBe('Finn Follower (finn.follower@example.test)');
    expect(result.accounts).toEqual([
      {
        externalId: String(world.follower.accountIds[0]),
        name: 'FOLLOW-1',
        currency: 'USD',
        currencySymbol: '$',
        cashBalance: 25_000,
        active: true,
      },
      {
        externalId: String(world.follower.accountIds[1]),
        name: 'FOLLOW-2',
        currency: 'USD',
        currencySymbol: '$',
        cashBalance: 25_000,
        active: true,
      },
    ]);
    const exchange = world.fake.control.requests('auth/oauthtoken').at(-1);
    expect(exchange?.body).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'synctrade-test',
      client_secret: 'secret',
    });
  });

  it('when the code was already used, then completing the authorization fails with the reason', async () => {
    const redirectUri = world.adapter.redirectUri;
    const back = await approveInBrowser(
      world.adapter.authorizeUrl({ state: 's2', environment: 'demo', redirectUri }),
      world.leader.userId,
    );
    const code = back.searchParams.get('code') ?? '';
    await world.adapter.completeAuthorization({ code, environment: 'demo', redirectUri });
    const second = world.adapter.completeAuthorization({ code, environment: 'demo', redirectUri });
    await expect(second).rejects.toThrow(BrokerError);
    await expect(
      world.adapter.completeAuthorization({ code, environment: 'demo', redirectUri }),
    ).rejects.toThrow(/code is unknown, used or expired/);
  });

  it('when the token endpoint receives a form-encoded body, then it answers like for JSON', async () => {
    const redirectUri = 'http://127.0.0.1:9/cb';
    const back = await approveInBrowser(
      `${world.fake.oauthUrl}?response_type=code&client_id=synctrade-test&redirect_uri=${encodeURIComponent(redirectUri)}&state=f`,
      world.leader.userId,
    );
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: 'synctrade-test',
      client_secret: 'secret',
    });
    const answer = await fetch(world.fake.tokenUrl, { method: 'POST', body: form });
    const body: unknown = await answer.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^tv-/),
      refresh_token: expect.stringMatching(/^rt-/),
      token_type: 'Bearer',
      expires_in: 4800,
    });
  });

  it('when the trader denies consent, then the redirect carries the error and the state', async () => {
    const url = world.adapter.authorizeUrl({
      state: 'deny-me',
      environment: 'demo',
      redirectUri: world.adapter.redirectUri,
    });
    const html = await (await fetch(url)).text();
    expect(html).not.toMatch(/<script/i);
    const form = new URLSearchParams({
      redirect_uri: world.adapter.redirectUri,
      state: 'deny-me',
      decision: 'deny',
      userId: String(world.leader.userId),
    });
    const answer = await fetch(new URL('/oauth/approve', url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('deny-me');
  });
});
