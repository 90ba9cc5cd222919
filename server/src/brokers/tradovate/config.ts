import type { Environment } from '../types';

/** Where the adapter finds Tradovate and how it paces itself; every host is configurable so tests use a fake. */
export interface TradovateConfig {
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  tokenUrl: string;
  restUrl: Record<Environment, string>;
  wsUrl: Record<Environment, string>;
  requestsPerMinute: number;
  /**
   * Send commands (place, modify, cancel, liquidate) over the session's already-open user-data socket, which
   * serves every REST endpoint (https://partner.tradovate.com/overview/core-concepts/web-sockets/connection-overview),
   * instead of a new HTTP request each: no request framing, no header parsing. HTTP stays the path whenever the
   * socket is down. `TRADOVATE_ORDERS_OVER_SOCKET=false` turns it off.
   */
  ordersOverSocket: boolean;
}

/** Timings, overridable so tests run in seconds instead of minutes. */
export interface TradovateTimings {
  /** Tradovate drops a client silent for about three heartbeats; we send `[]` this often. */
  heartbeatMs: number;
  /** No frame from the server for this long means the socket is dead. */
  serverSilenceMs: number;
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  requestTimeoutMs: number;
  /** How long a request may wait for the request budget before failing with `rate_limited`. */
  budgetWaitMs: number;
  /**
   * Lockouts at least this long show on every connection of the user as `disconnected` (the engine waits up to
   * a minute for the budget before giving a copy up, so a shorter one is just a wait).
   */
  lockoutShownMs: number;
  /** After an HTTP 423 warning the user's allowance is halved for this long. */
  warningSlowdownMs: number;
  /** ...and the refused request waits this long before it may be sent again. */
  warningPauseMs: number;
  /**
   * An HTTP 429 cannot be resolved by the application: Tradovate documents a wait of one hour before the
   * user's next request (https://partner.tradovate.com/overview/core-concepts/rate-limits).
   */
  rateLimitLockoutMs: number;
  /** A captcha penalty cannot be cleared by a server: stop for this long. */
  captchaBackoffMs: number;
  /** Renew this long before expiry at most (less for short-lived tokens). */
  renewMarginMs: number;
  /**
   * A short-lived token is renewed once this share of its life has passed, not earlier (tests renew their
   * seconds-long tokens early, so a renewal meets the run's faults with time to spare).
   */
  renewAfterLifeShare: number;
}

export const defaultTimings: TradovateTimings = {
  heartbeatMs: 2_500,
  serverSilenceMs: 10_000,
  reconnectBaseMs: 500,
  reconnectMaxMs: 30_000,
  requestTimeoutMs: 10_000,
  budgetWaitMs: 1_000,
  lockoutShownMs: 60_000,
  warningSlowdownMs: 10 * 60 * 1000,
  warningPauseMs: 2_000,
  rateLimitLockoutMs: 60 * 60 * 1000,
  captchaBackoffMs: 60 * 60 * 1000,
  renewMarginMs: 10 * 60 * 1000,
  renewAfterLifeShare: 2 / 3,
};

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

function positiveNumber(raw: string | undefined, fallback: number): number {
  const value = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function readTradovateConfig(env: NodeJS.ProcessEnv): TradovateConfig {
  const liveRest = trimSlash(env.TRADOVATE_LIVE_REST_URL || 'https://live.tradovateapi.com/v1');
  const demoRest = trimSlash(env.TRADOVATE_DEMO_REST_URL || 'https://demo.tradovateapi.com/v1');
  return {
    clientId: env.TRADOVATE_CLIENT_ID ?? '',
    clientSecret: env.TRADOVATE_CLIENT_SECRET ?? '',
    oauthUrl: env.TRADOVATE_OAUTH_URL || 'https://trader.tradovate.com/oauth',
    tokenUrl: env.TRADOVATE_TOKEN_URL || `${liveRest}/auth/oauthtoken`,
    restUrl: { demo: demoRest, live: liveRest },
    wsUrl: {
      demo: env.TRADOVATE_DEMO_WS_URL || 'wss://demo.tradovateapi.com/v1/websocket',
      live: env.TRADOVATE_LIVE_WS_URL || 'wss://live.tradovateapi.com/v1/websocket',
    },
    requestsPerMinute: positiveNumber(env.TRADOVATE_REQUESTS_PER_MINUTE, 80),
    ordersOverSocket: env.TRADOVATE_ORDERS_OVER_SOCKET !== 'false',
  };
}
