import { contractView, searchContracts } from './catalog';
import { LoginError, type FakeFaults, trip } from './model';
import type { GatewayRates } from './rate-window';
import type { Sessions } from './sessions';
import { accountView, orderView, type PlaceBody, type Venue } from './venue';

export type Body = Record<string, unknown>;

export interface RestWorld {
  venue: Venue;
  sessions: Sessions;
  rates: GatewayRates;
  faults: FakeFaults;
  /** Every Order/place request body the fake received, answered or not (for exactly-once checks). */
  placed: Array<{
    accountId: number;
    customTag: string | null;
    orderId: number | null;
    errorCode: number;
    /** `performance.now()` when the request arrived (benches). */
    atHr: number;
  }>;
  requests: number;
  /** REST calls answered or refused, per path (`Trade/search`…). */
  calls: Record<string, number>;
  /** Told of each signed-in call, refused or not (benches count a login's requests). */
  onRequest?: (userName: string, path: string, limited: boolean) => void;
}

export interface RestAnswer {
  status: number;
  body: Body;
  headers?: Record<string, string>;
  /** Executed, but the connection dies before the answer. */
  lose?: boolean;
}

const ok = (payload: Body = {}): RestAnswer => ({
  status: 200,
  body: { ...payload, success: true, errorCode: 0, errorMessage: null },
});
// HTTP 200 with success=false: the gateway's way of refusing.
const refuse = (errorCode: number, errorMessage: string): RestAnswer => ({
  status: 200,
  body: { success: false, errorCode, errorMessage },
});

const num = (body: Body, key: string): number | undefined =>
  typeof body[key] === 'number' ? (body[key] as number) : undefined;
const str = (body: Body, key: string): string | undefined =>
  typeof body[key] === 'string' ? (body[key] as string) : undefined;

/** Every endpoint the fake answers, spelled as the gateway documents them. */
const ENDPOINTS = [
  'Auth/loginKey',
  'Auth/validate',
  'Auth/logout',
  'Status/ping',
  'Account/search',
  'Contract/search',
  'Contract/searchById',
  'History/retrieveBars',
  'Order/place',
  'Order/searchOpen',
  'Order/search',
  'Order/cancel',
  'Order/modify',
  'Position/searchOpen',
  'Position/closeContract',
  'Trade/search',
];
const BY_LOWER = new Map(ENDPOINTS.map((path) => [path.toLowerCase(), path]));

/**
 * The gateway is ASP.NET Core, whose routing ignores case: a public client's `/api/account/search` reaches
 * `Account/search`. Paths are read in the documented spelling; an unknown one is kept as sent (404).
 */
export function canonicalPath(path: string): string {
  return BY_LOWER.get(path.toLowerCase()) ?? path;
}

/** One REST call of the gateway: `POST /api/<Area>/<action>` with a JSON body. */
export function handleRest(
  world: RestWorld,
  path: string,
  body: Body,
  token: string | undefined,
): RestAnswer {
  world.requests += 1;
  world.calls[path] = (world.calls[path] ?? 0) + 1;
  if (path === 'Auth/loginKey') return loginKey(world, body);
  if (path === 'Status/ping') return ok();
  const userName = world.sessions.userOf(token);
  if (userName === null) return { status: 401, body: {} };
  if (trip(world.faults.http429, path)) return { status: 429, body: {}, headers: { 'retry-after': '1' } };
  const retryAfterSec = world.rates.take(userName, path);
  world.onRequest?.(userName, path, retryAfterSec > 0);
  if (retryAfterSec > 0) return { status: 429, body: {}, headers: { 'retry-after': String(retryAfterSec) } };
  const answer = route(world, path, body, userName, token!);
  if (trip(world.faults.loseAnswers, path)) return { ...answer, lose: true };
  return answer;
}

function loginKey(world: RestWorld, body: Body): RestAnswer {
  const user = world.sessions.users.get(str(body, 'userName') ?? '');
  if (user === undefined) return refuse(LoginError.UserNotFound, 'User not found');
  if (user.apiKey !== str(body, 'apiKey'))
    return refuse(LoginError.InvalidCredentials, 'Invalid credentials');
  if (user.keyState === 'no-subscription')
    return refuse(LoginError.ApiSubscriptionNotFound, 'Api subscription not found');
  if (user.keyState === 'disabled')
    return refuse(LoginError.ApiKeyAuthenticationDisabled, 'Api key authentication is disabled');
  return ok({ token: world.sessions.issue(user.userName) });
}

function ownAccount(world: RestWorld, body: Body, userName: string): number | null {
  const id = num(body, 'accountId');
  const account = id === undefined ? undefined : world.venue.accounts.get(id);
  return account !== undefined && account.userName === userName ? account.id : null;
}

function since(body: Body): (stamp: string) => boolean {
  const start = Date.parse(str(body, 'startTimestamp') ?? '');
  const end = Date.parse(str(body, 'endTimestamp') ?? '');
  return (stamp) => {
    const at = Date.parse(stamp);
    return (Number.isNaN(start) || at >= start) && (Number.isNaN(end) || at <= end);
  };
}

function route(world: RestWorld, path: string, body: Body, userName: string, token: string): RestAnswer {
  const { venue } = world;
  switch (path) {
    case 'Auth/validate':
      return ok({ newToken: world.sessions.renew(token) });
    case 'Auth/logout':
      return ok();
    case 'Account/search':
      return ok({
        accounts: [...venue.accounts.values()]
          .filter(
            (a) => a.userName === userName && (body.onlyActiveAccounts !== true || a.canTrade || a.isVisible),
          )
          .map(accountView),
      });
    case 'Contract/search': {
      return ok({
        contracts: searchContracts(venue.contracts.values(), str(body, 'searchText') ?? '').map(contractView),
      });
    }
    case 'History/retrieveBars': {
      // The fake keeps no price history: a known contract answers no bars.
      if (!venue.contracts.has(str(body, 'contractId') ?? '')) return refuse(1, 'Contract not found');
      return ok({ bars: [] });
    }
    case 'Contract/searchById': {
      const contract = venue.contracts.get(str(body, 'contractId') ?? '');
      if (contract === undefined) return refuse(1, 'Contract not found');
      const view = contractView(contract);
      return ok({ contract: view, contracts: [view] });
    }
  }
  const accountId = ownAccount(world, body, userName);
  if (accountId === null) return refuse(1, 'Account not found');
  switch (path) {
    case 'Order/place': {
      const atHr = performance.now();
      const result = venue.place({ ...(body as unknown as PlaceBody), accountId });
      const tag = str(body, 'customTag') ?? null;
      if ('orderId' in result) {
        world.placed.push({ accountId, customTag: tag, orderId: result.orderId, errorCode: 0, atHr });
        return ok({ orderId: result.orderId });
      }
      world.placed.push({ accountId, customTag: tag, orderId: null, errorCode: result.errorCode, atHr });
      return refuse(result.errorCode, result.errorMessage);
    }
    case 'Order/searchOpen':
      return ok({
        orders: venue
          .liveOrders()
          .filter((o) => o.accountId === accountId)
          .map((o) => orderView(o, false)),
      });
    case 'Order/search': {
      const within = since(body);
      return ok({
        orders: [...venue.orders.values()]
          .filter((o) => o.accountId === accountId && within(o.creationTimestamp))
          .map((o) => orderView(o, true)),
      });
    }
    case 'Order/cancel': {
      const code = venue.cancel(accountId, num(body, 'orderId') ?? -1);
      return code === 0 ? ok() : refuse(code, code === 2 ? 'Order not found' : 'Order is not working');
    }
    case 'Order/modify': {
      const code = venue.modify(accountId, num(body, 'orderId') ?? -1, {
        size: num(body, 'size'),
        limitPrice: num(body, 'limitPrice'),
        stopPrice: num(body, 'stopPrice'),
        trailPrice: num(body, 'trailPrice'),
      });
      return code === 0 ? ok() : refuse(code, code === 2 ? 'Order not found' : 'Order cannot be modified');
    }
    case 'Position/searchOpen':
      return ok({ positions: [...venue.positions.values()].filter((p) => p.accountId === accountId) });
    case 'Position/closeContract': {
      const code = venue.closeContract(accountId, str(body, 'contractId') ?? '');
      return code === 0 ? ok() : refuse(code, code === 2 ? 'Position not found' : 'Contract not found');
    }
    case 'Trade/search': {
      const within = since(body);
      return ok({
        trades: venue.trades.filter((t) => t.accountId === accountId && within(t.creationTimestamp)),
      });
    }
  }
  return { status: 404, body: { success: false, errorCode: 0, errorMessage: `Unknown endpoint ${path}` } };
}
