import { ROUTE_SCHEMAS, type AnswerSchema, type RouteSchema } from './routes';

export interface MatchedRoute {
  /** `METHOD /url` as the server registers it. */
  key: string;
  schema: RouteSchema;
}

function score(pattern: string[], path: string[]): number {
  const wildcard = pattern[pattern.length - 1] === '*';
  if (wildcard ? path.length < pattern.length - 1 : pattern.length !== path.length) return -1;
  let statics = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const part = pattern[i] ?? '';
    if (part === '*') return statics;
    if (part.startsWith(':')) continue;
    if (part !== path[i]) return -1;
    statics += 1;
  }
  return statics;
}

/**
 * The server route a concrete request reaches (`GET`, `/api/v1/brokers/connections/4/account-info`), the way
 * the server's router picks it: static segments win over parameters, parameters over the catch-all.
 */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  const wanted = path.split('?')[0]?.split('/') ?? [];
  let best: { key: string; schema: RouteSchema; score: number; wildcard: boolean } | undefined;
  for (const [key, schema] of Object.entries(ROUTE_SCHEMAS as Record<string, RouteSchema>)) {
    const [routeMethod, url = ''] = key.split(' ');
    if (routeMethod !== method) continue;
    const pattern = url.split('/');
    const points = score(pattern, wanted);
    if (points < 0) continue;
    const wildcard = url.endsWith('*');
    // The web app's catch-all answers 404 on API and feed addresses: it never stands for an API route.
    if (wildcard && /^\/(api|ws)\//.test(path)) continue;
    const better =
      best === undefined ||
      (best.wildcard && !wildcard) ||
      (best.wildcard === wildcard && points > best.score);
    if (better) best = { key, schema, score: points, wildcard };
  }
  return best && { key: best.key, schema: best.schema };
}

/** The answer a route documents for a status: the exact code, else its class (`4xx`). */
export function answerFor(schema: RouteSchema, status: number): AnswerSchema | undefined {
  return schema.response[String(status)] ?? schema.response[`${String(status).charAt(0)}xx`];
}
