import { ROUTE_PATH_VALUES, ROUTE_SUMMARIES, type RouteKey } from '@synctrade/api/schemas';

interface Parameter {
  in: string;
  name: string;
}
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  [key: string]: unknown;
}
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

function keyOf(method: string, url: string): RouteKey {
  return `${method.toUpperCase()} ${url}` as RouteKey;
}

function methodOf(method: string | string[]): string {
  const methods = Array.isArray(method) ? method : [method];
  return methods.find((item) => item !== 'HEAD') ?? 'HEAD';
}

/** The summary and the listed path values of a route (Fastify's method and URL). */
export function routeDocs(
  method: string | string[],
  url: string,
): { summary?: string; pathValues?: Record<string, readonly string[]> } {
  const key = keyOf(methodOf(method), url);
  return { summary: ROUTE_SUMMARIES[key], pathValues: ROUTE_PATH_VALUES[key] };
}

/** The document's path of a Fastify URL (`:id` → `{id}`). */
export function documentPathOf(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/** The document's paths of one route: one per listed value of a path parameter, else its own. */
export function documentPathsOf(method: string, url: string): string[] {
  const values = routeDocs(method, url).pathValues;
  let paths = [documentPathOf(url)];
  for (const [name, list] of Object.entries(values ?? {}))
    paths = paths.flatMap((path) => list.map((value) => path.replace(`{${name}}`, value)));
  return paths;
}

/** `get /api/v1/copier/trade-history/{userId}` → `getCopierTradeHistoryByUserId`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const parameter = /^\{(\w+)\}$/.exec(part)?.[1];
      const text = parameter === undefined ? part : `by-${parameter}`;
      return text
        .split(/[^A-Za-z0-9]+|(?=[A-Z])/)
        .filter((word) => word !== '')
        .map((word) => word[0]?.toUpperCase() + word.slice(1))
        .join('');
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * Lists the paths of routes with listed path values once per value, without that parameter: the document
 * then has no two paths one request could match.
 */
export function expandPathValues(paths: OpenApiPaths): OpenApiPaths {
  const expanded: OpenApiPaths = {};
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const values = routeDocs(method, url).pathValues ?? {};
      for (const target of documentPathsOf(method, url)) {
        const parameters = operation.parameters?.filter(
          (parameter) => !(parameter.in === 'path' && parameter.name in values),
        );
        expanded[target] = {
          ...expanded[target],
          [method]: { ...operation, ...(parameters === undefined ? {} : { parameters }) },
        };
      }
    }
  }
  return expanded;
}
