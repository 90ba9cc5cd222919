import type { FastifyInstance } from 'fastify';
import type { Connection } from '@synctrade/api/types';
import type { TestUser } from './users';

function pathOf(url: string): string {
  const parsed = new URL(url, 'http://local');
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Walks the paper broker's connect flow through HTTP like a browser: connect → consent page → Authorize →
 * callback. Answers the redirect the browser ends on and the new connection.
 */
export async function connectSim(
  app: FastifyInstance,
  user: TestUser,
  name = 'Paper',
  environment: 'demo' | 'live' = 'demo',
): Promise<{ location: string; connection: Connection }> {
  const start = await app.inject({
    method: 'GET',
    url: `/api/v1/brokers/sim/connect?connection_name=${encodeURIComponent(name)}&environment=${environment}`,
    headers: user.headers,
  });
  if (start.statusCode !== 200) throw new Error(`connect failed: ${start.statusCode} ${start.body}`);
  const consentUrl = new URL((start.json() as { url: string }).url);
  const state = consentUrl.searchParams.get('state') ?? '';
  const approve = await app.inject({
    method: 'POST',
    url: consentUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state }).toString(),
  });
  if (approve.statusCode !== 302) throw new Error(`consent failed: ${approve.statusCode} ${approve.body}`);
  const callback = await app.inject({ method: 'GET', url: pathOf(String(approve.headers.location)) });
  const location = String(callback.headers.location);
  const list = await app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers });
  const connections = list.json() as Connection[];
  const connection = connections.find((item) => item.connection_name === name);
  if (!connection) throw new Error(`connection not created: ${location}`);
  return { location, connection };
}

/** The id of the user's first broker account (0 when there is none). */
export async function firstAccountId(app: FastifyInstance, user: TestUser): Promise<number> {
  const accounts = await app.inject({
    method: 'GET',
    url: '/api/v1/brokers/accounts',
    headers: user.headers,
  });
  return (accounts.json() as Array<{ id: number }>)[0]?.id ?? 0;
}
