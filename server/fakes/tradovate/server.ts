import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { createContext } from './context';
import type { EndpointLimit } from './ip-limits';
import { FakeControl } from './control';
import { runControl } from './control-routes';
import { readBody, sendHtml, sendJson } from './http-io';
import { approve, authorizePage } from './oauth-page';
import { processRequest } from './pipeline';
import { SocketHub } from './socket-hub';
import type { UserLimitsOption } from './user-limits';

export interface FakeTradovateOptions {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  tokenLifetimeSec?: number;
  heartbeatMs?: number;
  /** Random-walk period of the price model; 0 keeps prices still (tests set them explicitly). */
  priceTickMs?: number;
  clientId?: string;
  clientSecret?: string;
  /** Per-IP endpoint limits replacing the documented ones (tests use small limits and short windows). */
  ipLimits?: Partial<Record<string, EndpointLimit>>;
  ipWindowMs?: number;
  /** How long a 429 locks the user out (Tradovate documents an hour; tests scale it down). */
  rateLimitLockoutMs?: number;
  /**
   * Tradovate's request limit per user (80 a minute, 5,000 an hour; penalty tickets, then the 429 lockout):
   * `'real'`, `'off'` (the default) or the real figures with some replaced (tests scale the windows down).
   */
  limits?: UserLimitsOption;
  /** Whether the code exchange hands out a refresh token (default true). */
  refreshTokens?: boolean;
}

export interface FakeTradovate {
  url: string;
  restUrl: string;
  wsUrl: string;
  oauthUrl: string;
  tokenUrl: string;
  control: FakeControl;
  /** The TRADOVATE_* variables that point the adapter at this fake, for both environments. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the fake Tradovate (REST, OAuth page, user-data WebSocket, control API) on one HTTP port. */
export async function startFakeTradovate(options: FakeTradovateOptions = {}): Promise<FakeTradovate> {
  const ctx = createContext({
    tokenLifetimeSec: options.tokenLifetimeSec ?? 4800,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    ...(options.ipLimits ? { ipLimits: options.ipLimits } : {}),
    ...(options.ipWindowMs ? { ipWindowMs: options.ipWindowMs } : {}),
    refreshTokens: options.refreshTokens ?? true,
    rateLimitLockoutMs: options.rateLimitLockoutMs ?? 60 * 60 * 1000,
    limits: options.limits,
  });
  const hub = new SocketHub(ctx, options.heartbeatMs ?? 2500);
  const control = new FakeControl(ctx, hub);
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer(
    (request, response) =>
      void route(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          sendJson(response, 500, { errorText: error instanceof Error ? error.message : String(error) });
      }),
  );

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const { body, form, malformed } = await readBody(request);
    if (url.pathname === '/oauth' && request.method === 'GET') {
      const page = authorizePage(ctx, url.searchParams);
      return sendHtml(response, page.status, page.html);
    }
    if (url.pathname === '/oauth/approve' && request.method === 'POST') {
      const answer = approve(ctx, form);
      if (answer.location) {
        response.writeHead(302, { location: answer.location });
        return void response.end();
      }
      return sendHtml(response, answer.status, answer.html ?? '');
    }
    if (url.pathname.startsWith('/__control/') && request.method === 'POST') {
      try {
        return sendJson(
          response,
          200,
          runControl(control, url.pathname.slice('/__control/'.length), body) ?? { ok: true },
        );
      } catch (error: unknown) {
        return sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    // Tradovate's examples post the OAuth exchange to /auth/oauthtoken with and without the /v1 prefix.
    const apiPath = url.pathname === '/auth/oauthtoken' ? '/v1/auth/oauthtoken' : url.pathname;
    if (apiPath.startsWith('/v1/')) {
      if (malformed) return sendJson(response, 400, { errorText: 'Malformed JSON body' });
      const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const outcome = await processRequest(ctx, {
        endpoint: apiPath.slice(4),
        query: url.searchParams,
        body,
        token,
        via: 'http',
        ip: request.socket.remoteAddress ?? 'unknown',
      });
      // The order was executed; the caller never hears about it.
      if (outcome.kind === 'drop') return void request.socket.destroy();
      if (outcome.kind === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(outcome.text);
      }
      return sendJson(response, outcome.status, outcome.body, outcome.headers);
    }
    return sendJson(response, 404, { errorText: 'Not found' });
  }

  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://fake').pathname !== '/v1/websocket') return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) =>
      hub.accept(ws, request.socket.remoteAddress ?? 'unknown'),
    );
  });
  const ticker = options.priceTickMs ? setInterval(() => ctx.venue.tick(), options.priceTickMs) : undefined;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const restUrl = `${url}/v1`;
  const wsUrl = `ws://${options.host ?? '127.0.0.1'}:${port}/v1/websocket`;
  return {
    url,
    restUrl,
    wsUrl,
    oauthUrl: `${url}/oauth`,
    tokenUrl: `${restUrl}/auth/oauthtoken`,
    control,
    env: {
      TRADOVATE_OAUTH_URL: `${url}/oauth`,
      TRADOVATE_TOKEN_URL: `${restUrl}/auth/oauthtoken`,
      TRADOVATE_DEMO_REST_URL: restUrl,
      TRADOVATE_LIVE_REST_URL: restUrl,
      TRADOVATE_DEMO_WS_URL: wsUrl,
      TRADOVATE_LIVE_WS_URL: wsUrl,
    },
    async close() {
      clearInterval(ticker);
      hub.stop();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
