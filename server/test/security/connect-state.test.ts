import type { Connection, ConnectResponse } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

/** Starts a paper connect flow: the consent URL's state and the cookie the browser got. */
async function startFlow(
  t: TestApp,
  user: TestUser,
  name: string,
): Promise<{ state: string; cookie: string }> {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/v1/brokers/sim/connect?connection_name=${name}`,
    headers: user.headers,
  });
  const state = new URL((start.json() as ConnectResponse).url).searchParams.get('state') ?? '';
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  return { state, cookie };
}

/** Approves at the paper broker's consent page: the callback address with the code and state it carries. */
async function approve(t: TestApp, state: string): Promise<URL> {
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/v1/brokers/sim/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state }).toString(),
  });
  return new URL(String(approved.headers.location), 'http://synctrade.test');
}

async function connectionsOf(t: TestApp, user: TestUser): Promise<Connection[]> {
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/v1/brokers/connections',
    headers: user.headers,
  });
  return list.json() as Connection[];
}

describe('the broker callback requires its state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("when an attacker's code reaches a victim with a pending flow without state, then nothing is attached to the victim", async () => {
    const attacker = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const attackerFlow = await startFlow(t, attacker, 'Attacker');
    const back = await approve(t, attackerFlow.state);
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const victimFlow = await startFlow(t, victim, 'Victim');
    const landed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brokers/sim/callback?code=${encodeURIComponent(code)}`,
      headers: { cookie: victimFlow.cookie },
    });
    expect(String(landed.headers.location)).toMatch(/^\/connections\?status=error/);
    expect(await connectionsOf(t, victim)).toEqual([]);
  });

  it("when the callback's state is not the one this browser started, then it is refused and nothing is attached", async () => {
    const attacker = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const attackerFlow = await startFlow(t, attacker, 'Attacker');
    const back = await approve(t, attackerFlow.state);
    const victimFlow = await startFlow(t, victim, 'Victim');
    const landed = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: victimFlow.cookie },
    });
    expect(String(landed.headers.location)).toMatch(/^\/connections\?status=error/);
    expect(await connectionsOf(t, victim)).toEqual([]);
    expect(await connectionsOf(t, attacker)).toEqual([]);
  });

  it('when the browser that started the flow comes back with its state, then the connection is added', async () => {
    const user = await registerUser(t.app);
    const flow = await startFlow(t, user, 'Mine');
    const back = await approve(t, flow.state);
    const landed = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: flow.cookie },
    });
    expect(String(landed.headers.location)).toMatch(/^\/connections\?status=success/);
    expect((await connectionsOf(t, user)).map((c) => c.connection_name)).toEqual(['Mine']);
  });

  it('when the state cookie is malformed, then an error redirect, not a 500', async () => {
    const landed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/sim/callback?code=x&state=y',
      headers: { cookie: 'synctrade_connect_state=%E0%A4%A' },
    });
    expect(landed.statusCode).toBe(302);
  });
});
