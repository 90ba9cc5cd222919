import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError, AxiosHeaders } from 'axios';
import { setHttpAdapter } from '@synctrade/api';
import { checkAnswer } from '@synctrade/api/schemas/check';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface MockRequest {
  method: Method;
  /** Path below the API base, e.g. `/brokers/connections/4/account-info`. */
  path: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}

/** `[status, body]`, or a promise of it; a status outside 200-299 rejects like the real server. */
export type MockReply = [number, unknown?];
export type MockHandler = (request: MockRequest) => MockReply | Promise<MockReply>;

/**
 * An answer of an earlier server version, which a remote deployed before the server must still read: says what
 * that server lacks. Its answers are not checked against today's schemas (they may miss what today's server adds).
 */
export interface OlderServer {
  olderServer: string;
}

export interface ApiMock {
  /** Adds or replaces the handler of `METHOD /path` (`:name` segments match anything). */
  on(route: `${Method} /${string}`, handler: MockHandler | MockReply, older?: OlderServer): ApiMock;
  /** Every request seen so far, in order. */
  calls: MockRequest[];
  /** The requests of one route. */
  callsTo(route: `${Method} /${string}`): MockRequest[];
  restore(): void;
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

/** Fails the test even if the code under test swallows the rejection. */
function failLoudly(error: Error): never {
  setTimeout(() => {
    throw error;
  });
  throw error;
}

/**
 * A 5xx without a body (`[502]`, `[500, {}]`) stands for what sits in front of the server (a proxy or gateway
 * that failed, a crash before the error handler): the client's fallback texts exist for it, so it is not
 * checked against the server's schemas. Every other answer is.
 */
function fromGateway(status: number, data: unknown): boolean {
  return (
    status >= 500 && (data === null || (typeof data === 'object' && Object.keys(data as object).length === 0))
  );
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Request handlers for component tests: the real axios client runs, only its transport is replaced.
 * An unhandled request fails the test with the route it tried; an answer the server could never send
 * (not in `@synctrade/api/schemas`: unknown route, undocumented status, a body off its schema) fails it too.
 */
export function mockApi(): ApiMock {
  const routes: { method: Method; pattern: string; handler: MockHandler; checked: boolean }[] = [];
  const calls: MockRequest[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase() as Method;
    const url = new URL(config.url ?? '', 'http://api.test');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers: Record<string, string> = {};
    Object.entries(AxiosHeaders.from(config.headers).toJSON()).forEach(([key, value]) => {
      headers[key.toLowerCase()] = String(value);
    });
    const request: MockRequest = {
      method,
      path,
      params: config.params ?? {},
      body: parseBody(config.data),
      headers,
    };
    calls.push(request);
    if (config.signal?.aborted) throw new AxiosError('canceled', AxiosError.ERR_CANCELED, config);
    const route = [...routes].reverse().find((r) => r.method === method && matches(r.pattern, path));
    if (!route) failLoudly(new Error(`Unhandled request in test: ${method} ${path}`));
    const [status, data = {}] = await route.handler(request);
    // A stub the server could never send fails the test: the same schemas the server serializes with.
    if (route.checked && !fromGateway(status, data)) {
      try {
        checkAnswer(method, `/api/v1${path}`, status, data);
      } catch (error: unknown) {
        failLoudly(error instanceof Error ? error : new Error(String(error)));
      }
    }
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status < 200 || status > 299) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      );
    }
    return response;
  };
  setHttpAdapter(adapter);

  const mock: ApiMock = {
    on(route, handler, older) {
      const [method, pattern] = route.split(' ') as [Method, string];
      const fn: MockHandler = typeof handler === 'function' ? handler : () => handler;
      routes.push({ method, pattern, handler: fn, checked: older === undefined });
      return mock;
    },
    calls,
    callsTo(route) {
      const [method, pattern] = route.split(' ') as [Method, string];
      return calls.filter((call) => call.method === method && matches(pattern, call.path));
    },
    restore() {
      setHttpAdapter(undefined);
    },
  };
  return mock;
}
