import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { seedContracts } from './catalog';
import { UserHub } from './hub';
import { type FakeAccount, type FakeFaults, type FakeUser, noFaults, trip } from './model';
import { GatewayRates, type GatewayLimitsOption, resolveGatewayLimits } from './rate-window';
import { type Body, canonicalPath, handleRest, type RestWorld } from './rest';
import { Sessions } from './sessions';
import { Venue, type VenueEvent } from './venue';

export interface FakeProjectXOptions {
  port?: number;
  host?: string;
  tokenLifetimeMs?: number;
  /**
   * The gateway's published limits (200 requests / 60 s, `History/retrieveBars` 50 / 30 s, HTTP 429):
   * `'real'` (the default), `'off'`, or the real figures with some replaced.
   */
  limits?: GatewayLimitsOption;
  /** Shorthand for `limits: { perWindow, windowMs }`. */
  rateLimit?: number;
  rateWindowMs?: number;
  pingMs?: number;
}

export interface FakeProjectX {
  /** The REST base the adapter is given (`<restUrl>/api/...`). */
  restUrl: string;
  /** The user hub (`/hubs/user`). */
  hubUrl: string;
  venue: Venue;
  sessions: Sessions;
  hub: UserHub;
  faults: FakeFaults;
  rates: GatewayRates;
  world: RestWorld;
  /** Called after each user event went out to the hub (benches time copies from it). */
  onPublished?: (event: VenueEvent, atHr: number) => void;
  addUser(user: Partial<FakeUser> & { userName: string; apiKey: string }): void;
  addAccount(account: Partial<FakeAccount> & { id: number; userName: string }): FakeAccount;
  /** The fake contract id of one of our symbols' markets, e.g. `CON.F.US.EP.Z26`. */
  setPrice(contractId: string, price: number): void;
  setFaults(faults: Partial<FakeFaults>): void;
  clearFaults(): void;
  close(): Promise<void>;
}

/** Starts the fake ProjectX Gateway: REST under `/api`, the SignalR user hub on `/hubs/user`, one port. */
export async function startFakeProjectX(options: FakeProjectXOptions = {}): Promise<FakeProjectX> {
  const faults = noFaults();
  const sessions = new Sessions(options.tokenLifetimeMs ?? 24 * 3600_000);
  const rates = new GatewayRates(
    options.rateLimit === undefined && options.rateWindowMs === undefined
      ? resolveGatewayLimits(options.limits)
      : resolveGatewayLimits({
          ...(typeof options.limits === 'object' ? options.limits : {}),
          ...(options.rateLimit !== undefined ? { perWindow: options.rateLimit } : {}),
          ...(options.rateWindowMs !== undefined ? { windowMs: options.rateWindowMs } : {}),
        }),
  );
  // The venue publishes only after start-up, once the hub below exists.
  const venue = new Venue((event) => {
    userHub.publish(event);
    handle.onPublished?.(event, performance.now());
  });
  const year = new Date().getUTCFullYear();
  for (const contract of seedContracts([year, year + 1])) venue.contracts.set(contract.id, contract);
  const userHub = new UserHub(
    sessions,
    faults,
    (id) => venue.accounts.get(id)?.userName,
    options.pingMs ?? 15_000,
  );
  sessions.onEnded = (tokens) => userHub.endTokens(tokens);
  const world: RestWorld = { venue, sessions, rates, faults, placed: [], requests: 0, calls: {} };
  const wss = new WebSocketServer({ noServer: true });

  const server = createServer((request, response) => {
    void answer(request, response).catch(() => {
      if (!response.headersSent)
        send(response, 500, { success: false, errorCode: 0, errorMessage: 'Internal error' });
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Body = {};
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Body;
      } catch {
        return send(response, 400, { title: 'One or more validation errors occurred.', status: 400 });
      }
    }
    if (url.pathname.startsWith('/__control/') && request.method === 'POST')
      return send(response, 200, control(url.pathname.slice('/__control/'.length), body) ?? { ok: true });
    if (!/^\/api\//i.test(url.pathname) || request.method !== 'POST') return send(response, 404, {});
    const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const path = canonicalPath(url.pathname.slice('/api/'.length));
    const late = faults.handleLate;
    if (trip(late, path)) {
      request.socket.destroy();
      const timer = setTimeout(() => handleRest(world, path, body, token), late!.delayMs);
      return void timer.unref();
    }
    const result = handleRest(world, path, body, token);
    if (result.lose) return void request.socket.destroy();
    const slow = faults.slowAnswers;
    if (trip(slow, path))
      return void setTimeout(() => send(response, result.status, result.body, result.headers), slow!.delayMs);
    send(response, result.status, result.body, result.headers);
  }

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const token =
      url.searchParams.get('access_token') ??
      /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ??
      undefined;
    const userName = sessions.userOf(token);
    if (url.pathname.toLowerCase() !== '/hubs/user' || userName === null || token === undefined) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return void socket.destroy();
    }
    wss.handleUpgrade(request, socket, head, (ws) => userHub.accept(ws, token, userName));
  });

  const handle: FakeProjectX = {
    restUrl: '',
    hubUrl: '',
    venue,
    sessions,
    hub: userHub,
    faults,
    rates,
    world,
    addUser(user) {
      sessions.users.set(user.userName, { keyState: 'ok', ...user });
    },
    addAccount(account) {
      const full: FakeAccount = {
        name: `PX-${account.id}`,
        balance: 50_000,
        canTrade: true,
        isVisible: true,
        simulated: true,
        maxContracts: 50,
        dailyLossLimit: 0,
        realizedToday: 0,
        bracketMode: 'auto-oco',
        ...account,
      };
      venue.accounts.set(full.id, full);
      return full;
    },
    setPrice: (contractId, price) => venue.setPrice(contractId, price),
    setFaults(next) {
      Object.assign(faults, next);
      venue.partialFills = faults.partialFills;
    },
    clearFaults() {
      Object.assign(faults, noFaults());
      venue.partialFills = false;
    },
    async close() {
      userHub.stop();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** The control API for a fake run as its own process (browser tests). */
  function control(name: string, body: Body): object | undefined {
    if (name === 'user') handle.addUser(body as unknown as FakeUser);
    else if (name === 'account') return accountView(handle.addAccount(body as unknown as FakeAccount));
    else if (name === 'price') handle.setPrice(String(body.contractId), Number(body.price));
    else if (name === 'faults') handle.setFaults(body as Partial<FakeFaults>);
    else if (name === 'clear-faults') handle.clearFaults();
    else if (name === 'cut-hub') userHub.cutAll();
    else return { error: `Unknown control ${name}` };
    return undefined;
  }

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  handle.restUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  handle.hubUrl = `${handle.restUrl}/hubs/user`;
  return handle;
}

function accountView(account: FakeAccount): object {
  return { id: account.id, name: account.name, userName: account.userName };
}

function send(
  response: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
