import { FakeVenue } from './fake-venue';
import { documentedIpLimits, type EndpointLimit, IpLimiter } from './ip-limits';
import { type Faults, noFaults } from './faults';
import { TokenStore } from './tokens';
import { resolveUserLimits, UserLimiter, type UserLimitsOption } from './user-limits';

export interface RequestRecord {
  endpoint: string;
  via: 'http' | 'ws';
  body: unknown;
  at: number;
  /** performance.now() on arrival, for latency measurements. */
  atHr: number;
  userId: number | undefined;
}

/** When a fill left the fake on a socket (the start of a copy's latency). */
export interface FillSent {
  fillId: number;
  orderId: number;
  atHr: number;
}

export interface TicketRecord {
  endpoint: string;
  body: string;
  issuedAt: number;
  pTime: number;
  captcha: boolean;
}

/** What the test sees about penalty tickets: did the caller wait p-time and resend the same body? */
export interface PenaltyResend {
  ticket: string;
  endpoint: string;
  waitedMs: number;
  requiredMs: number;
  sameBody: boolean;
  captcha: boolean;
  known: boolean;
}

export interface FakeContext {
  venue: FakeVenue;
  tokens: TokenStore;
  faults: Faults;
  clientId: string | undefined;
  clientSecret: string | undefined;
  requests: RequestRecord[];
  /** Told of each request as it is logged (benches read the machine at that moment). */
  requestListeners: Array<(record: RequestRecord) => void>;
  tickets: Map<string, TicketRecord>;
  penaltyResends: PenaltyResend[];
  fillsSent: FillSent[];
  ipLimits: IpLimiter;
  /** The per-user request limit, when the fake was started with one. */
  userLimits: UserLimiter | null;
  /** Whether the code exchange hands out refresh tokens. */
  refreshTokens: boolean;
  /** How long a 429 lasts: every request of the user is refused until then. */
  rateLimitLockoutMs: number;
  /** Users locked out by a 429, until when (epoch ms). */
  lockouts: Map<number, number>;
  /** Requests still on their way (the `lateArrival` fault): not received yet, they will be. */
  arriving: number;
}

export function createContext(options: {
  tokenLifetimeSec: number;
  clientId?: string;
  clientSecret?: string;
  ipLimits?: Partial<Record<string, EndpointLimit>>;
  ipWindowMs?: number;
  refreshTokens?: boolean;
  rateLimitLockoutMs?: number;
  limits?: UserLimitsOption;
}): FakeContext {
  const userLimits = resolveUserLimits(options.limits);
  const limits: Record<string, EndpointLimit> = { ...documentedIpLimits };
  for (const [endpoint, limit] of Object.entries(options.ipLimits ?? {})) if (limit) limits[endpoint] = limit;
  return {
    venue: new FakeVenue(),
    tokens: new TokenStore(options.tokenLifetimeSec),
    faults: noFaults(),
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    requests: [],
    requestListeners: [],
    tickets: new Map(),
    penaltyResends: [],
    fillsSent: [],
    refreshTokens: options.refreshTokens ?? true,
    rateLimitLockoutMs: options.rateLimitLockoutMs ?? 60 * 60 * 1000,
    lockouts: new Map(),
    arriving: 0,
    ipLimits: new IpLimiter(limits, options.ipWindowMs ?? 60 * 60 * 1000),
    userLimits: userLimits ? new UserLimiter(userLimits) : null,
  };
}

/** JSON with sorted keys, so "the same body" does not depend on key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
