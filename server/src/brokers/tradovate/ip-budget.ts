import { BrokerError } from '../types';
import { sleep } from './user-request-window';

/** One endpoint-level limit: calls an IP may make in the window, and whether successful calls count. */
export interface IpLimit {
  perWindow: number;
  countSuccess: boolean;
}

/**
 * Tradovate's endpoint-level limits, counted per IP address over a sliding hour
 * (https://partner.tradovate.com/overview/core-concepts/rate-limits): renewaccesstoken 15 (successes count),
 * me 10 (only failures count), syncrequest 300 (successes count).
 */
export const tradovateIpLimits: Record<string, IpLimit> = {
  'auth/renewaccesstoken': { perWindow: 15, countSuccess: true },
  'auth/me': { perWindow: 10, countSuccess: false },
  'user/syncrequest': { perWindow: 300, countSuccess: true },
};

/**
 * The server's share of those limits: every user of this server goes out from the same address, so one
 * budget per process (per adapter) holds all of them. A call waits for a slot instead of earning a penalty.
 */
export class IpBudget {
  private readonly calls = new Map<string, Array<{ at: number }>>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly limits: Record<string, IpLimit> = tradovateIpLimits,
    private readonly windowMs = 60 * 60 * 1000,
  ) {}

  /** When the endpoint may be called next (epoch ms). */
  nextSlotAt(endpoint: string, now = Date.now()): number {
    const blocked = this.blockedUntil.get(endpoint) ?? 0;
    const limit = this.limits[endpoint];
    if (!limit) return Math.max(now, blocked);
    const recent = this.recent(endpoint, now)
      .map((stamp) => stamp.at)
      .sort((a, b) => a - b);
    const slot =
      recent.length < limit.perWindow
        ? now
        : (recent[recent.length - limit.perWindow] ?? now) + this.windowMs;
    return Math.max(now, blocked, slot);
  }

  /**
   * Waits for a slot (at most `maxWaitMs`, else `rate_limited` with retryAt) and counts the call if successes
   * count. Call the returned `answered` when the answer is in: Tradovate counted the call when it handled it,
   * so the window runs from then.
   */
  async take(endpoint: string, maxWaitMs: number): Promise<() => void> {
    for (;;) {
      const now = Date.now();
      const at = this.nextSlotAt(endpoint, now);
      if (at <= now) break;
      if (at - now > maxWaitMs)
        throw new BrokerError(
          `This server's allowance of Tradovate ${endpoint} calls is used up for now`,
          'rate_limited',
          at,
        );
      await sleep(at - now);
    }
    if (!this.limits[endpoint]?.countSuccess) return () => undefined;
    const stamp = { at: Date.now() };
    this.count(endpoint, stamp);
    return () => {
      stamp.at = Date.now();
    };
  }

  /** A failed call counts everywhere (the only count of endpoints that ignore successes). */
  failed(endpoint: string): void {
    if (this.limits[endpoint] && !this.limits[endpoint].countSuccess)
      this.count(endpoint, { at: Date.now() });
  }

  /** Tradovate imposed a penalty on the endpoint: nobody on this server calls it before `until`. */
  penalized(endpoint: string, until: number): void {
    this.blockedUntil.set(endpoint, Math.max(this.blockedUntil.get(endpoint) ?? 0, until));
  }

  /** Calls counted in the current window (tests, status). */
  used(endpoint: string): number {
    return this.recent(endpoint, Date.now()).length;
  }

  private count(endpoint: string, stamp: { at: number }): void {
    const list = this.recent(endpoint, Date.now());
    list.push(stamp);
    this.calls.set(endpoint, list);
  }

  private recent(endpoint: string, now: number): Array<{ at: number }> {
    const list = (this.calls.get(endpoint) ?? []).filter((stamp) => stamp.at > now - this.windowMs);
    this.calls.set(endpoint, list);
    return list;
  }
}
