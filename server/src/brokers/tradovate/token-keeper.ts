import type { BrokerCredentials } from '../types';
import type { TradovateTimings } from './config';
import { isRecord, optString } from './json';
import { credentialsFromToken } from './oauth';

export interface TokenKeeperDeps {
  restUrl: string;
  timings: TradovateTimings;
  credentials: BrokerCredentials;
  onRenewed(credentials: BrokerCredentials): void;
  onReauthRequired(reason: string): void;
}

/**
 * Renews the access token before it expires with `auth/renewaccesstoken` (a fresh login would knock out
 * sockets sharing the session). A refused renewal means the user must authorize again.
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
    // Renew well ahead of expiry, but for short-lived tokens not before two thirds of their life.
    const delay = Math.max(0, left - Math.min(this.deps.timings.renewMarginMs, left / 3));
    this.timer = setTimeout(() => void this.renew(), delay);
  }

  /** Renews now; returns false when the user must authorize again. */
  async renew(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.stopped || this.failed) return !this.failed;
    let problem: string;
    let definitive = false;
    try {
      const response = await fetch(`${this.deps.restUrl}/auth/renewaccesstoken`, {
        headers: { authorization: `Bearer ${this.credentials.accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.deps.timings.requestTimeoutMs),
      });
      const text = await response.text();
      const data: unknown = text.trim() === '' ? null : JSON.parse(text);
      if (
        response.ok &&
        isRecord(data) &&
        data.errorText === undefined &&
        (data.accessToken ?? data.access_token) !== undefined
      ) {
        this.credentials = credentialsFromToken(data, this.credentials);
        this.deps.onRenewed(this.credentials);
        this.schedule();
        return true;
      }
      definitive = response.status === 401 || response.status === 403 || response.ok;
      problem =
        (isRecord(data) && (optString(data, 'errorText') ?? optString(data, 'error_description'))) ||
        `HTTP ${response.status}`;
    } catch (error: unknown) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const left = (this.credentials.expiresAt ?? 0) - Date.now();
    if (!definitive && left > 2_000) {
      // A network hiccup: try again while the current token is still good.
      this.timer = setTimeout(() => void this.renew(), Math.min(30_000, left / 2));
      return true;
    }
    this.failed = true;
    this.deps.onReauthRequired(`Tradovate token renewal failed (${problem}); please reconnect Tradovate`);
    return false;
  }
}
