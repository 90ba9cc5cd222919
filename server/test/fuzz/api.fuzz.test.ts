import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { loginUser } from '../support/users';
import { deepJson, fieldsOf, HOSTILE_SCALARS, HOSTILE_SEGMENTS, hugeList, validValue } from './inputs';
import { routesOf, type FuzzRoute, type OpenApiDocument } from './openapi-routes';
import { Random } from './random';
import { makeTenant, type Tenant } from './tenants';

/**
 * Every route of the OpenAPI document, driven with valid and hostile params, queries and bodies as two
 * tenants. Uses the document's schemas where it has them and generic hostile inputs where it has none.
 */
/** Fixed in CI so a failure repeats; `FUZZ_SEED=<n>` explores other inputs. */
const SEED = Number(process.env.FUZZ_SEED ?? 16);
/** Requests per route and tenant; the slow routes (password hashing, waits on the engine) get fewer. */
const PER_ROUTE = 16;
const SLOW_ROUTES =
  /\/auth\/(login|register|logout|reset-password|profile\/password)|\/sync$|flatten-positions/;
const PER_SLOW_ROUTE = 6;
/** Browser pages of the paper broker's consent screen answer HTML, not JSON. */
const HTML_PAGES = /^\/api\/v1\/brokers\/sim\/authorize$/;
const QUERY_NAMES = [
  'start_date',
  'end_date',
  'connection_name',
  'environment',
  'code',
  'state',
  'error',
  'to',
  'token',
];

interface Failure {
  request: string;
  status: number;
  problem: string;
  body: string;
}

type Mode = 'own' | 'other' | 'hostile';

function paramValue(
  route: FuzzRoute,
  name: string,
  self: Tenant,
  other: Tenant,
  mode: Mode,
  random: Random,
): string {
  if (mode === 'hostile') return random.pick(HOSTILE_SEGMENTS);
  const owner = mode === 'own' ? self : other;
  const accounts = /\/accounts\/\{id\}/.test(route.path);
  switch (name) {
    case 'userId':
      return String(owner.user.id);
    case 'tradeId':
      return String(owner.tradeId);
    case 'date':
      return '2026-01-05';
    case 'broker':
      return random.pick(['sim', 'tradovate', 'rithmic']);
    case 'param':
      return random.pick(['enable', 'disable', 'enable-all', 'disable-all']);
    case 'id':
      if (route.path.includes('/photos/')) return 'AAAAAAAAAAAAAAAAAAAAAA';
      return String(
        accounts || route.path.includes('/copier/') ? random.pick(owner.accountIds) : owner.connectionId,
      );
    default:
      return random.pick([String(owner.connectionId), String(random.pick(owner.accountIds))]);
  }
}

function queryOf(route: FuzzRoute, random: Random): string {
  const roll = random.next();
  const params = new URLSearchParams();
  if (route.query && roll < 0.5) {
    for (const [key, value] of Object.entries(validValue(route.query, random) as Record<string, unknown>))
      params.set(key, String(value));
    return params.toString();
  }
  const names = route.query?.properties ? Object.keys(route.query.properties) : QUERY_NAMES;
  if (roll < 0.6) {
    // The same key a thousand times: an array where a text is expected.
    const name = random.pick(names);
    for (let index = 0; index < 1_000; index += 1) params.append(name, String(index));
    return params.toString();
  }
  for (const name of names) {
    if (random.next() < 0.5) continue;
    const value = random.pick(HOSTILE_SCALARS);
    params.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return params.toString();
}

/** A body: valid, one field hostile, hostile as a whole, a huge list, deep nesting, not JSON, or none. */
function bodyOf(route: FuzzRoute, random: Random): Pick<InjectOptions, 'payload' | 'headers'> {
  const json = (payload: unknown) => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const valid = (): Record<string, unknown> => {
    const value = route.body ? validValue(route.body, random) : null;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const field of fieldsOf(undefined))
      if (random.next() < 0.2) out[field] = validValue(undefined, random, field);
    return out;
  };
  switch (random.int(10)) {
    case 0:
      return json(route.body ? validValue(route.body, random) : valid());
    case 1:
    case 2: {
      const body = valid();
      body[random.pick(fieldsOf(route.body))] = random.pick(HOSTILE_SCALARS);
      return json(body);
    }
    case 3:
      return json(random.pick(HOSTILE_SCALARS));
    case 4:
      return random.next() < 0.5
        ? json(hugeList('ids'))
        : json({ [random.pick(fieldsOf(route.body))]: hugeList('ids') });
    case 5:
      return {
        payload: `{"${random.pick(fieldsOf(route.body))}":${deepJson(random.pick([64, 10_000, 100_000]))}}`,
        headers: { 'content-type': 'application/json' },
      };
    case 6:
      return json({
        ...valid(),
        [random.pick(fieldsOf(route.body))]: 'y'.repeat(random.pick([5_000, 200_000])),
      });
    case 7:
      return {
        payload: random.pick(['{"a":', 'not json', '\u0000', '[]]']),
        headers: { 'content-type': 'application/json' },
      };
    case 8:
      return {
        payload: 'a=1&b=\u0000',
        headers: {
          'content-type': random.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ]),
        },
      };
    default:
      return {};
  }
}

describe('the API under fuzzing (generated from the OpenAPI document)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authSlowdownStepMs: 1 } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('never answers 5xx, every 4xx has a detail, no answer carries the other tenant’s data, and health stays answered', async () => {
    const document = (
      await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    ).json() as OpenApiDocument;
    const routes = routesOf(document);
    expect(routes.length).toBeGreaterThan(30);
    const tenants = [await makeTenant(t.app, 'A'), await makeTenant(t.app, 'B')] as const;
    const random = new Random(SEED);
    const failures: Failure[] = [];
    const health: Array<Promise<{ status: number; ms: number }>> = [];
    let requests = 0;
    const withSchemas = routes.filter(
      (route) => route.body || route.query || route.pathParams.some((p) => p.schema),
    ).length;

    for (const route of routes) {
      const count = SLOW_ROUTES.test(route.path) ? PER_SLOW_ROUTE : PER_ROUTE;
      for (const [selfIndex, self] of tenants.entries()) {
        const other = tenants[1 - selfIndex] as Tenant;
        for (let index = 0; index < count; index += 1) {
          const mode: Mode = random.pick(['own', 'other', 'hostile']);
          let url = route.path;
          for (const param of route.pathParams) {
            const value = paramValue(route, param.name, self, other, mode, random);
            url = url.replace(`{${param.name}}`, mode === 'hostile' ? value : encodeURIComponent(value));
          }
          const query = random.next() < 0.6 ? queryOf(route, random) : '';
          const body = route.takesBody ? bodyOf(route, random) : {};
          // Signing out ends the session: it gets a session of its own, the fuzzing keeps its token.
          const token = route.path.endsWith('/auth/logout')
            ? await loginUser(t.app, self.user.email)
            : self.user.token;
          const response = await t.app.inject({
            method: route.method,
            url: `${url}${query ? `?${query}` : ''}`,
            ...body,
            headers: { ...(body.headers ?? {}), authorization: `Bearer ${token}` },
          });
          requests += 1;
          if (requests % 25 === 0) {
            const started = performance.now();
            health.push(
              fetch(`${base}/api/v1/health`).then((answer) => ({
                status: answer.status,
                ms: performance.now() - started,
              })),
            );
          }
          const text = response.body;
          const label = `${route.method} ${url.slice(0, 120)}${query ? `?${query.slice(0, 80)}` : ''} as ${selfIndex === 0 ? 'A' : 'B'}`;
          const fail = (problem: string): void => {
            failures.push({ request: label, status: response.statusCode, problem, body: text.slice(0, 200) });
          };
          if (response.statusCode >= 500) fail('server error');
          if (response.statusCode >= 400 && response.statusCode < 500) {
            const html = String(response.headers['content-type'] ?? '').startsWith('text/html');
            if (!(html && HTML_PAGES.test(route.path))) {
              try {
                const detail = (JSON.parse(text) as { detail?: unknown }).detail;
                if (typeof detail !== 'string' || detail.length === 0) fail('4xx without a detail');
              } catch {
                fail('4xx without a JSON body');
              }
            }
          }
          for (const marker of other.markers)
            if (text.includes(marker)) fail(`carries the other tenant's ${marker}`);
        }
      }
    }

    const answered = await Promise.all(health);
    const slowest = Math.max(0, ...answered.map((answer) => answer.ms));
    console.log(
      `fuzz (seed ${SEED}): ${requests} requests over ${routes.length} routes (${withSchemas} with schemas in the document); ` +
        `${answered.length} health checks answered while it ran, slowest ${slowest.toFixed(0)} ms; ${failures.length} failures`,
    );
    const kinds = new Map<string, number>();
    for (const failure of failures) {
      const key = `${failure.problem} ${failure.status} ${failure.request.split(' ').slice(0, 2).join(' ').replace(/\/\d+/g, '/N').slice(0, 70)}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    if (kinds.size > 0) console.log([...kinds].map(([key, n]) => `${n} × ${key}`).join('\n'));
    expect(answered.every((answer) => answer.status === 200)).toBe(true);
    expect(failures.slice(0, 25)).toEqual([]);
  }, 300_000);
});
