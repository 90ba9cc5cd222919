import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { ROUTE_SCHEMAS, type RouteSchema } from '@synctrade/api/schemas';
import { checkAnswer } from '@synctrade/api/schemas/check';
import { installErrorHandler } from '../../src/http/error-handler';
import { attachRouteSchemas, registeredRoutes } from '../../src/http/route-schemas';
import { documentPathsOf, routeDocs } from '../../src/openapi/operations';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

// Hidden from the document on purpose (the document itself, photos by address, the test outbox).
const HIDDEN = new Set(['/api/v1/openapi.json', '/api/v1/photos/:id', '/api/v1/dev/outbox/latest']);
const entries = Object.entries(ROUTE_SCHEMAS as Record<string, RouteSchema>);

describe('route schemas: every route typed from @synctrade/api/schemas', () => {
  let t: TestApp;
  let webRoot: string;
  let user: TestUser;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'synctrade-web-'));
    mkdirSync(path.join(webRoot, 'host', 'dist'), { recursive: true });
    writeFileSync(path.join(webRoot, 'host', 'dist', 'index.html'), '<!doctype html>');
    t = await buildTestApp({
      config: { testOutboxReader: true, corsOrigins: ['https://remotes.example'] },
      env: { WEB_ROOT: webRoot, DEPLOY_DIR: path.join(webRoot, '.deploy') },
      serveWeb: true,
    });
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('when the server starts with every feature on, then each route has its entry and each entry a route', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.filter((route) => route.entry === false).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(entries.map(([key]) => key).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('when the OpenAPI document is read, then every operation shows its params, query, body and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApi;
    const missing: string[] = [];
    for (const [key, entry] of entries) {
      const [method = '', url = ''] = key.split(' ');
      if (!url.startsWith('/api/v1/') || HIDDEN.has(url)) continue;
      // A route whose path values are listed is documented once per value, without that parameter.
      const listed = Object.keys(routeDocs(method, url).pathValues ?? {});
      const [documented, ...others] = documentPathsOf(method, url);
      const operation = documented === undefined ? undefined : doc.paths[documented]?.[method.toLowerCase()];
      if (operation === undefined || others.some((other) => !doc.paths[other]?.[method.toLowerCase()])) {
        missing.push(`${key}: not in the document`);
        continue;
      }
      const names = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort();
      const keysOf = (schema: unknown) =>
        Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}).sort();
      const pathNames = keysOf(entry.params).filter((name) => !listed.includes(name));
      if (entry.params && names('path').join() !== pathNames.join()) missing.push(`${key}: path`);
      if (entry.querystring && names('query').join() !== keysOf(entry.querystring).join())
        missing.push(`${key}: query`);
      if (entry.body && operation.requestBody === undefined) missing.push(`${key}: body`);
      if (!operation.responses['4XX']) missing.push(`${key}: 4xx`);
      const ok = Object.keys(entry.response).filter((status) => /^[123]/.test(status));
      for (const status of ok) if (!operation.responses[status]) missing.push(`${key}: ${status}`);
    }
    expect(missing).toEqual([]);
    const login = doc.paths['/api/v1/auth/login']?.post;
    expect(Object.keys(login?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual([
      'email',
      'password',
      'otp',
    ]);
    const desk = doc.paths['/api/v1/brokers/accounts/table']?.get?.responses['200']?.content?.[
      'application/json'
    ]?.schema as { items?: { properties?: Record<string, { enum?: string[] }> } };
    expect(desk.items?.properties?.state?.enum).toContain('out_of_sync');
  });

  it.each([
    ['a number for a text', '/auth/login', { email: 5, password: 'x' }, 'email must be string'],
    [
      'a text over the cap',
      '/auth/login',
      { email: 'a'.repeat(10_001) },
      'email must NOT have more than 10000 characters',
    ],
    ['a text in the id list', '/brokers/accounts/flatten-positions', ['a'], 'body[0] must be integer'],
    [
      'a list of 501 ids',
      '/brokers/accounts/flatten-positions',
      Array.from({ length: 501 }, (_, i) => i + 1),
      'body may hold at most 500 items',
    ],
    ['a number for a trade', '/copier/trade-history/import', { trades: [1] }, 'trades[0] must be object'],
    ['null for a body', '/auth/2fa/enable', null, 'body must be object'],
    ['a list for a code', '/auth/2fa/enable', { code: ['1'] }, 'code must be string'],
  ] as const)(
    'when %s arrives at %s, then 400 with a detail naming the field',
    async (_label, url, payload, detail) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect([response.statusCode, response.json()]).toEqual([400, { detail }]);
    },
  );

  it('when a request carries no token, then it answers 401 before its body is read or checked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brokers/accounts/flatten-positions',
      headers: { 'content-type': 'application/json' },
      payload: '{"not": json',
    });
    expect([response.statusCode, response.json()]).toEqual([401, { detail: 'Not authenticated' }]);
  });

  it('when a risk setting has the wrong type, then 400 names it and nothing is cast', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/copier/accounts/1/risk',
      headers: user.headers,
      payload: { auto_sync: 'yes' },
    });
    expect([response.statusCode, response.json()]).toEqual([400, { detail: 'auto_sync must be boolean' }]);
  });
});

describe('the answer check of the server tests', () => {
  it('when a handler sends what its schema does not describe, then the request fails with a 500', async () => {
    const app = Fastify();
    installErrorHandler(app);
    const reasons: string[] = [];
    attachRouteSchemas(app, (method, url, status, body) => {
      try {
        checkAnswer(method, url, status, body);
      } catch (error: unknown) {
        reasons.push((error as Error).message);
        throw error;
      }
    });
    app.get('/api/v1/brokers', async () => [{ id: 'paper', name: 'Paper', connectable: true }]);
    app.get('/api/v1/market/quotes', async () => [
      { id: 1, symbol: 'ESZ6', price: 6000, change: 0.1, dir: 'up' },
    ]);
    const bad = await app.inject({ method: 'GET', url: '/api/v1/brokers' });
    const good = await app.inject({ method: 'GET', url: '/api/v1/market/quotes' });
    await app.close();
    expect([bad.statusCode, bad.json()]).toEqual([500, { detail: 'Internal server error' }]);
    expect(reasons).toEqual([
      expect.stringContaining('The 200 answer of GET /api/v1/brokers does not match its schema'),
    ]);
    expect(good.statusCode).toBe(200);
  });
});
