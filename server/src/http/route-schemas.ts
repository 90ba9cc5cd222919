import type { FastifyInstance, FastifySchema, onSendHookHandler, RouteOptions } from 'fastify';
import { routeSchemaOf, type RouteSchema } from '@synctrade/api/schemas';
import { payloadRulesHook } from './payload-rules';

/**
 * Routes that plugins register hidden, outside the API: the built apps' files (@fastify/static) and the CORS
 * preflight. They carry no JSON contract.
 */
function pluginRouteOutsideApi(route: RouteOptions): boolean {
  return (route.schema as { hide?: boolean } | undefined)?.hide === true && !route.url.startsWith('/api/');
}

function methodOf(route: RouteOptions): string {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.find((method) => method !== 'HEAD') ?? 'HEAD';
}

/** The schema entry of a registered route, null for the apps' files, undefined when it is missing. */
export function schemaEntryOf(route: RouteOptions): RouteSchema | null | undefined {
  if (pluginRouteOutsideApi(route)) return null;
  return routeSchemaOf(methodOf(route), route.url);
}

function listOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Routes name `app.authenticate` as a preHandler, which Fastify runs after parsing and validating the body:
 * it runs first instead (onRequest), so a request without a valid token answers 401 before its body is read.
 */
function authenticateFirst(app: FastifyInstance, route: RouteOptions): void {
  const preHandlers = listOf(route.preHandler);
  if (!preHandlers.includes(app.authenticate)) return;
  route.preHandler = preHandlers.filter((hook) => hook !== app.authenticate);
  route.onRequest = [app.authenticate, ...listOf(route.onRequest)];
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether `@synctrade/api/schemas` has its entry (`outside-api`: none needed). */
  entry: boolean | 'outside-api';
}
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on the app so far, and whether it has a schema entry (for the coverage test). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

export type AnswerCheck = (method: string, url: string, status: number, body: unknown) => void;

function checkingHook(method: string, url: string, check: AnswerCheck): onSendHookHandler {
  return async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !type.startsWith('application/json')) return payload;
    try {
      check(method, url, reply.statusCode, JSON.parse(payload));
    } catch (error: unknown) {
      // Loud in the test output: the request then fails with a 500, whatever the test asserts.
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      throw error;
    }
    return payload;
  };
}

/**
 * Gives every route its params, query, body and answer schemas from `@synctrade/api/schemas` as it is
 * registered, so Fastify validates requests and serializes answers from the one source and the OpenAPI
 * document shows them. A payload stated by a shared yup schema is then checked by its rules (`payload-rules.ts`),
 * so handlers receive it validated. The route's own documentation (tags, security, summary, hide) is kept. Registered
 * before the OpenAPI plugin and every route. With `checkAnswer` (tests), every JSON answer is also checked
 * against its schema after serialization, so a handler cannot send what the schema does not describe.
 */
export function attachRouteSchemas(app: FastifyInstance, checkAnswer?: AnswerCheck): void {
  const seen: RegisteredRoute[] = [];
  registered.set(app, seen);
  app.addHook('onRoute', (route) => {
    const entry = schemaEntryOf(route);
    seen.push({
      method: methodOf(route),
      url: route.url,
      entry: entry === null ? 'outside-api' : entry !== undefined,
    });
    if (entry === null) return;
    if (entry === undefined) {
      // A route without an entry still works; `test/http/route-schemas.test.ts` fails until it gets one.
      app.log.warn({ method: route.method, url: route.url }, 'route has no schema in @synctrade/api/schemas');
      return;
    }
    const own = (route.schema ?? {}) as FastifySchema & { summary?: string };
    route.schema = {
      ...own,
      ...(entry.summary !== undefined && own.summary === undefined ? { summary: entry.summary } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.querystring ? { querystring: entry.querystring } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: entry.response,
    };
    authenticateFirst(app, route);
    // Last of the preHandlers: the route's own checks (owner, throttle) answer before the payload's rules.
    const rules = payloadRulesHook(entry);
    if (rules !== undefined) route.preHandler = [...listOf(route.preHandler), rules];
    if (checkAnswer !== undefined)
      route.onSend = [...listOf(route.onSend), checkingHook(methodOf(route), route.url, checkAnswer)];
  });
}
