import { randomBytes } from 'node:crypto';
import { oauthToken, renewToken } from './api-auth';
import { handleCommand } from './api-commands';
import { type ApiResult, type Body, handleRead } from './api-reads';
import { type FakeContext, stableJson } from './context';
import { isCommand, trip } from './faults';

export interface ApiRequest {
  /** Without leading slash, e.g. `order/placeorder`. */
  endpoint: string;
  query: URLSearchParams;
  body: Body;
  token: string | undefined;
  via: 'http' | 'ws';
  /** The caller's address: Tradovate counts some endpoints per IP. */
  ip: string;
  /** Endpoints only one transport serves (the socket's `user/syncrequest`). */
  local?: (userId: number) => ApiResult | undefined;
}

export type Outcome =
  | { kind: 'reply'; status: number; body: unknown; headers?: Record<string, string> }
  /** The request was executed but the answer never leaves: the connection dies. */
  | { kind: 'drop' }
  /** A reply that is not JSON (a proxy's error page, a truncated body). */
  | { kind: 'garbage'; text: string };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One request through the fake, whichever transport brought it: faults, penalties, auth, then the venue. */
export async function processRequest(ctx: FakeContext, request: ApiRequest): Promise<Outcome> {
  const endpoint = request.endpoint.replace(/^\/+/, '').toLowerCase();
  const late = trip(ctx.faults.lateArrival, endpoint);
  if (late) {
    ctx.arriving += 1;
    await sleep(late.ms).finally(() => (ctx.arriving -= 1));
  }
  const userId = ctx.tokens.userOf(request.token);
  const record = {
    endpoint,
    via: request.via,
    body: request.body,
    at: Date.now(),
    atHr: performance.now(),
    userId,
  };
  ctx.requests.push(record);
  for (const listener of ctx.requestListeners) listener(record);
  const locked = lockout(ctx, endpoint, request, userId);
  if (locked) return locked;
  if (trip(ctx.faults.warning423, endpoint)) return { kind: 'reply', status: 423, body: undefined };
  const penalty = penaltyCheck(ctx, endpoint, request);
  if ('ticket' in penalty) return { kind: 'reply', status: 200, body: penalty.ticket };
  const limited = userLimit(ctx, endpoint, request, userId, penalty.resent);
  if (limited) return limited;
  const result = await dispatch(ctx, endpoint, request, userId);
  ctx.ipLimits.record(request.ip, endpoint, result.status === 200 && !hasFailure(result.body));
  // A slow answer: the work is done at once, the answer takes its time (a timeout then means "uncertain").
  const slow = trip(ctx.faults.slow, endpoint);
  if (slow) await sleep(slow.ms);
  const accepted = isCommand(endpoint) && result.status === 200 && !hasFailure(result.body);
  if (accepted && trip(ctx.faults.dropAfterAccept, endpoint)) return { kind: 'drop' };
  if (accepted && trip(ctx.faults.garbage, endpoint))
    return { kind: 'garbage', text: '<html><body>502 Bad Gateway' };
  return { kind: 'reply', status: result.status, body: result.body };
}

/**
 * A 429 locks the user out: every request of that user, on any transport, is refused for the lockout's length
 * ("cannot be resolved programmatically", partner docs), not only the next few.
 */
function lockout(
  ctx: FakeContext,
  endpoint: string,
  request: ApiRequest,
  userId: number | undefined,
): Outcome | null {
  const key = userId ?? -1;
  const until = ctx.lockouts.get(key) ?? 0;
  if (until > Date.now()) return { kind: 'reply', status: 429, body: undefined };
  const rule =
    request.via === 'http' ? trip(ctx.faults.http429, endpoint) : trip(ctx.faults.socket429, endpoint);
  if (!rule) return null;
  const retryAfterSec =
    'retryAfterSec' in rule && typeof rule.retryAfterSec === 'number' ? rule.retryAfterSec : undefined;
  ctx.lockouts.set(
    key,
    Date.now() + (retryAfterSec !== undefined ? retryAfterSec * 1000 : ctx.rateLimitLockoutMs),
  );
  return {
    kind: 'reply',
    status: 429,
    body: undefined,
    ...(retryAfterSec !== undefined ? { headers: { 'retry-after': String(retryAfterSec) } } : {}),
  };
}

function hasFailure(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Body;
  return (
    record.errorText !== undefined ||
    (record.failureReason !== undefined && record.failureReason !== 'Success') ||
    record.violations !== undefined
  );
}

async function dispatch(
  ctx: FakeContext,
  endpoint: string,
  request: ApiRequest,
  userId: number | undefined,
): Promise<ApiResult> {
  if (endpoint === 'auth/oauthtoken') return oauthToken(ctx, request.body);
  if (endpoint === 'auth/renewaccesstoken') return renewToken(ctx, userId);
  if (userId === undefined) return { status: 401, body: { errorText: 'Access is denied' } };
  if (isCommand(endpoint)) {
    const reject = trip(ctx.faults.reject, endpoint);
    if (reject) return { status: 200, body: reject.body };
  }
  return (
    request.local?.(userId) ??
    handleRead(ctx, endpoint, userId, request.query, request.body) ??
    handleCommand(ctx, endpoint, userId, request.body) ?? {
      status: 404,
      body: { errorText: `Unknown endpoint ${endpoint}` },
    }
  );
}

/**
 * Issues a penalty ticket when the switch is armed or the caller's IP is over an endpoint's limit, and checks
 * a resend carrying a ticket: the caller must have waited `p-time` and sent the same body. Captcha tickets can
 * never be cleared by resending. A valid resend is served even over the limit (the ticket is the permission).
 */
function penaltyCheck(
  ctx: FakeContext,
  endpoint: string,
  request: ApiRequest,
): { ticket: Body } | { resent: boolean } {
  const presented =
    typeof request.body['p-ticket'] === 'string'
      ? request.body['p-ticket']
      : (request.query.get('p-ticket') ?? undefined);
  let rule: { pTime: number; captcha: boolean };
  if (presented !== undefined) {
    const ticket = ctx.tickets.get(presented);
    ctx.tickets.delete(presented);
    const waitedMs = ticket ? Date.now() - ticket.issuedAt : 0;
    ctx.penaltyResends.push({
      ticket: presented,
      endpoint,
      waitedMs,
      requiredMs: (ticket?.pTime ?? 0) * 1000,
      sameBody: ticket?.body === bodyText(request),
      captcha: ticket?.captcha ?? false,
      known: ticket !== undefined,
    });
    if (ticket && !ticket.captcha && waitedMs >= ticket.pTime * 1000 - 5) return { resent: true };
    rule = ticket
      ? { pTime: ticket.pTime, captcha: ticket.captcha }
      : (ctx.faults.penalty ?? { pTime: 1, captcha: false });
  } else {
    const overLimit = ctx.ipLimits.overLimit(request.ip, endpoint);
    if (overLimit !== null) rule = { pTime: overLimit, captcha: false };
    else if (trip(ctx.faults.penalty, endpoint)) rule = ctx.faults.penalty ?? { pTime: 1, captcha: false };
    else return { resent: false };
  }
  return { ticket: issueTicket(ctx, endpoint, request, rule) };
}

/**
 * The user's request limit (off unless the fake was started with `limits`): over the minute's allowance a
 * penalty ticket to wait; ignoring that wait, or passing the hour's allowance, the 429 lockout.
 */
function userLimit(
  ctx: FakeContext,
  endpoint: string,
  request: ApiRequest,
  userId: number | undefined,
  resent: boolean,
): Outcome | null {
  if (!ctx.userLimits || userId === undefined) return null;
  const verdict = ctx.userLimits.check(userId, resent);
  if (verdict.kind === 'pass') return null;
  if (verdict.kind === 'penalty') {
    const ticket = issueTicket(ctx, endpoint, request, { pTime: verdict.pTimeSec, captcha: verdict.captcha });
    return { kind: 'reply', status: 200, body: ticket };
  }
  ctx.lockouts.set(userId, Date.now() + ctx.rateLimitLockoutMs);
  return { kind: 'reply', status: 429, body: undefined };
}

/** The body's canonical text without its ticket: a resend must carry the same. */
function bodyText(request: ApiRequest): string {
  const { 'p-ticket': _ignored, ...rest } = request.body;
  return stableJson(rest);
}

function issueTicket(
  ctx: FakeContext,
  endpoint: string,
  request: ApiRequest,
  rule: { pTime: number; captcha: boolean },
): Body {
  const ticket = `pt-${randomBytes(9).toString('base64url')}`;
  ctx.tickets.set(ticket, {
    endpoint,
    body: bodyText(request),
    issuedAt: Date.now(),
    pTime: rule.pTime,
    captcha: rule.captcha,
  });
  return { 'p-ticket': ticket, 'p-time': rule.pTime, ...(rule.captcha ? { 'p-captcha': true } : {}) };
}
