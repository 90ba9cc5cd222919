import type { FastifyInstance } from 'fastify';
import type { Connection, ConnectResponse } from '@synctrade/api/types';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';

/**
 * Behind a load balancer the browser's requests of one paper connect flow may reach different server nodes: the
 * start on one, the consent page and its Authorize button on another, the callback on a third. Two apps on one
 * database stand for two nodes (the same secrets, as a cluster requires).
 */
let a: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildApp({ config: a.config, db: a.db, migrate: false, env: {}, serveWeb: false });
  await b.ready();
  // PGlite's start is slow on a loaded machine.
}, 120_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

test('a paper consent started on node A is shown and approved on node B, and completes on A', async () => {
  const user = await registerUser(a.app);
  const start = await a.app.inject({
    method: 'GET',
    url: '/api/v1/brokers/sim/connect?connection_name=Across&environment=demo',
    headers: user.headers,
  });
  expect(start.statusCode).toBe(200);
  const consent = new URL((start.json() as ConnectResponse).url);
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const state = consent.searchParams.get('state') ?? '';

  const page = await b.inject({ method: 'GET', url: `${consent.pathname}${consent.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(state);

  const approved = await b.inject({
    method: 'POST',
    url: consent.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state }).toString(),
  });
  expect(approved.statusCode).toBe(302);
  const back = new URL(String(approved.headers.location));
  expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);

  // Used up on B: pressing Authorize again on A finds nothing.
  const again = await a.app.inject({
    method: 'POST',
    url: consent.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state }).toString(),
  });
  expect(again.statusCode).toBe(400);

  // The code B issued is redeemed on A, once.
  const landed = await a.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  expect(landed.statusCode).toBe(302);
  const list = await b.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers });
  expect((list.json() as Connection[]).map((c) => c.connection_name)).toEqual(['Across']);

  // Only hashes are stored, and nothing of the flow is left once it completed.
  const leftovers = await a.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM sim_consents)::int + (SELECT count(*) FROM sim_authorization_codes)::int AS n`,
  );
  expect(leftovers[0]?.n).toBe(0);
});
