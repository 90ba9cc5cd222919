import Fastify, { type FastifyInstance } from 'fastify';
import { installChangeNotices } from '../../src/cluster/change-notices';

/**
 * A node tells the others that a trader's copy setup changed unless it held the group's lease (the same one) from
 * the request's start to its answer: otherwise the engine running the group may hold the setup from before the
 * write. Checked with a bare server whose lease the test moves while a request is being served.
 */
let app: FastifyInstance;
let held: Map<number, number>;
let told: number[];
let during: () => void;

beforeEach(async () => {
  held = new Map();
  told = [];
  during = () => undefined;
  app = Fastify();
  app.decorateRequest('user', null as unknown as { id: number; sessionId: string });
  app.addHook('onRequest', async (request) => {
    const id = Number(request.headers['x-user'] ?? NaN);
    (request as unknown as { user: { id: number } | null }).user = Number.isInteger(id) ? { id } : null;
  });
  installChangeNotices(app, {
    heldToken: (userId) => held.get(userId) ?? null,
    tellOthers: (userId) => told.push(userId),
  });
  const handler = async (): Promise<{ ok: true }> => {
    during();
    return { ok: true };
  };
  app.put('/api/v1/copier/accounts/:id/ratio', handler);
  app.post('/api/v1/copier/groups/:id/accounts', handler);
  app.get('/api/v1/copier/groups', handler);
  app.post('/api/v1/sim/orders', handler);
  app.put('/api/v1/brokers/accounts/:id/name', handler);
  app.put('/api/v1/profile', handler);
  app.put('/api/v1/copier/fail', async () => {
    throw new Error('refused');
  });
  await app.ready();
});
afterEach(async () => {
  await app.close();
});

const send = (method: 'GET' | 'PUT' | 'POST', url: string, user: number | null = 7) =>
  app.inject({
    method,
    url,
    headers: user === null ? {} : { 'x-user': String(user) },
    payload: method === 'GET' ? undefined : {},
  });

test('a change served by the owner that held the lease throughout tells nobody', async () => {
  held.set(7, 3);
  expect((await send('PUT', '/api/v1/copier/accounts/5/ratio')).statusCode).toBe(200);
  expect((await send('POST', '/api/v1/copier/groups/2/accounts')).statusCode).toBe(200);
  expect(told).toEqual([]);
});

test('a change served while no node owned the group tells the others', async () => {
  held.set(8, 4);
  await send('POST', '/api/v1/copier/groups/2/accounts');
  await send('PUT', '/api/v1/brokers/accounts/5/name');
  expect(told).toEqual([7, 7]);
});

test('a change served as the lease moved away, or was taken again under another token, tells the others', async () => {
  held.set(7, 3);
  during = () => held.delete(7);
  await send('PUT', '/api/v1/copier/accounts/5/ratio');
  expect(told).toEqual([7]);

  held.set(7, 3);
  during = () => held.set(7, 9);
  await send('PUT', '/api/v1/copier/accounts/5/ratio');
  expect(told).toEqual([7, 7]);
});

test('a change refused by the route still tells (a write may have happened before the refusal)', async () => {
  expect((await send('PUT', '/api/v1/copier/fail')).statusCode).toBe(500);
  expect(told).toEqual([7]);
});

test('reads, order tickets, other routes and anonymous requests tell nobody', async () => {
  await send('GET', '/api/v1/copier/groups');
  await send('POST', '/api/v1/sim/orders');
  await send('PUT', '/api/v1/profile');
  await send('PUT', '/api/v1/copier/accounts/5/ratio', null);
  expect(told).toEqual([]);
});
