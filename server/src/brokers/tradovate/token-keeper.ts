import { BrokerError, type BrokerCredentials } from '../types';
import type { TradovateTimings } from './config';
import type { IpBudget } from './ip-budget';
import { isRecord, optString } from './json';
import { credentialsFromToken } from './oauth';
import { penaltyOf } from './penalty';
import { sleep } from './user-request-window';

export interface TokenKeeperDeps {
  restUrl: string;
  /** The OAuth token endpoint and client, for the `refresh_token` grant. */
  oauth: { tokenUrl: string; clientId: string; clientSecret: string };
  timings: TradovateTimings;
  credentials: BrokerCredentials;
  ipBudget: IpBudget;
  onRenewed(credentials: BrokerCredentials): void;
  onReauthRequired(reason: string): void;
  warn?(message: string): void;
}

type Outcome =
  | { kind: 'renewed'; data: Record<string, unknown> }
  /** Tradovate refused for good: only the user can fix it by authorizing again. */
  | { kind: 'refused'; problem: string }
  /** Not now (network, penalty with captcha, this server's allowance used up): try again at `at`. */
  | { kind: 'later'; problem: string; at: number };

const RENEW = 'auth/renewaccesstoken';

/**
 * Keeps the access token alive. With an OAuth refresh token it uses the `refresh_token` grant; otherwise
 * `auth/renewaccesstoken` (a fresh login would knock out sockets sharing the session), which Tradovate limits
 * per IP: this server budgets it across all users, and a penalty ticket is a wait and a resend, not a
 * reconnect. Only a real refusal asks the user to authorize again.
 */
export class TokenKeeper {
  private credentials: BrokerCredentials;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failed = false;

  constructor(private readonly deps: TokenKeeperDeps) {
    this.credentials = deps.credentials;
  }

  current(): BrokerCredentials {
    return this.credentials;
  }

  token(): string {
    return this.credentials.accessToken;
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped || this.credentials.expiresAt === undefined) return;
    const left = this.credentials.expiresAt - Date.now();
    // Renew well ahead of expiry, but for short-lived tokens not before a share (two thirds) of their life.
    const { renewMarginMs, renewAfterLifeShare } = this.deps.timings;
    const delay = Math.max(0, left - Math.min(renewMarginMs, left * (1 - renewAfterLifeShare)));
    this.timer = setTimeout(() => void this.renew(), delay);
  }

  /** Renews now; returns false when the user must authorize again. */
  async renew(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.stopped || this.failed) return !this.failed;
    let outcome: Outcome;
    try {
      outcome = this.credentials.refreshToken
        ? await this.refreshGrant(this.credentials.refreshToken)
        : await this.renewAccessToken();
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      const at = error instanceof BrokerError && error.retryAt ? error.retryAt : Date.now() + 5_000;
      outcome = { kind: 'later', problem: message, at };
    }
    if (this.stopped) return true;
    if (outcome.kind === 'renewed') {
      this.credentials = credentialsFromToken(outcome.data, this.credentials);
      this.deps.onRenewed(this.credentials);
      this.schedule();
      return true;
    }
    const left = (this.credentials.expiresAt ?? 0) - Date.now();
    // A refresh token outlives the access token; without one, an expired token cannot be renewed.
    const stillRenewable = this.credentials.refreshToken !== undefined || left > 2_000;
    if (outcome.kind === 'later' && stillRenewable) {
      const wait = Math.max(
        50,
        Math.min(outcome.at - Date.now(), this.credentials.refreshToken ? Infinity : left / 2),
      );
      this.deps.warn?.(`Tradovate token renewal postponed (${outcome.problem})`);
      this.timer = setTimeout(() => void this.renew(), Math.min(wait, 2 ** 31 - 1));
      return true;
    }
    this.failed = true;
    this.deps.onReauthRequired(
      `Tradovate token renewal failed (${outcome.problem}); please reconnect Tradovate`,
    );
    return false;
  }

  /** `auth/renewaccesstoken`, within this server's per-IP allowance, resent with its ticket after a penalty. */
  private async renewAccessToken(): Promise<Outcome> {
    const left = (this.credentials.expiresAt ?? Date.now()) - Date.now();
    const answered = await this.deps.ipBudget.take(RENEW, Math.max(0, left - 500));
    return this.withPenalties(RENEW, answered, async (ticket) => {
      const url = new URL(`${this.deps.restUrl}/${RENEW}`);
      if (ticket) url.searchParams.set('p-ticket', ticket);
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${this.credentials.accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.deps.timings.requestTimeoutMs),
      });
      return { status: response.status, data: await jsonOf(response) };
    });
  }

  /** The OAuth `refresh_token` grant on the token endpoint. */
  private async refreshGrant(refreshToken: string): Promise<Outcome> {
    return this.withPenalties(
      'auth/oauthtoken',
      () => undefined,
      async (ticket) => {
        const response = await fetch(this.deps.oauth.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: this.deps.oauth.clientId,
            client_secret: this.deps.oauth.clientSecret,
            ...(ticket ? { 'p-ticket': ticket } : {}),
          }),
          signal: AbortSignal.timeout(this.deps.timings.requestTimeoutMs),
        });
        return { status: response.status, data: await jsonOf(response) };
      },
    );
  }

  /** Sends, and on a penalty ticket waits `p-time` and resends with the ticket (captcha: later, not now). */
  private async withPenalties(
    endpoint: string,
    answered: () => void,
    send: (ticket: string | undefined) => Promise<{ status: number; data: unknown }>,
  ): Promise<Outcome> {
    let ticket: string | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { status, data } = await send(ticket).finally(answered);
      const penalty = penaltyOf(data);
      if (penalty) {
        const until = Date.now() + (penalty.captcha ? this.deps.timings.captchaBackoffMs : penalty.waitMs);
        this.deps.ipBudget.penalized(endpoint, until);
        if (penalty.captcha)
          return { kind: 'later', problem: 'Tradovate asks for a captcha on token renewal', at: until };
        await sleep(penalty.waitMs);
        if (this.stopped) return { kind: 'later', problem: 'stopped', at: Date.now() };
        ticket = penalty.ticket;
        continue;
      }
      if (isRecord(data) && data.malformedReply !== undefined)
        return { kind: 'later', problem: 'malformed reply', at: Date.now() + 5_000 };
      if (status === 429)
        return { kind: 'later', problem: 'HTTP 429', at: Date.now() + this.deps.timings.rateLimitLockoutMs };
      const token = isRecord(data) ? (data.accessToken ?? data.access_token) : undefined;
      if (status === 200 && isRecord(data) && data.errorText === undefined && token !== undefined)
        return { kind: 'renewed', data };
      const problem =
        (isRecord(data) &&
          (optString(data, 'errorText') ??
            optString(data, 'error_description') ??
            optString(data, 'error'))) ||
        `HTTP ${status}`;
      // 5xx is Tradovate's trouble, not a refusal of this token.
      if (status >= 500) return { kind: 'later', problem, at: Date.now() + 5_000 };
      return { kind: 'refused', problem };
    }
    return {
      kind: 'later',
      problem: 'Tradovate kept issuing penalty tickets',
      at: Date.now() + this.deps.timings.captchaBackoffMs,
    };
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { malformedReply: `HTTP ${response.status}` };
  }
}
