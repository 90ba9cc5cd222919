/**
 * Tradovate's endpoint-level limits, counted per IP address over a sliding hour (partner docs, "Rate
 * Limits"): past the limit the endpoint answers HTTP 200 with a penalty ticket whose `p-time` is the
 * endpoint's back-off. "Count success" endpoints count every call; the others only failed ones.
 */
export interface EndpointLimit {
  perWindow: number;
  backoffSec: number;
  countSuccess: boolean;
}

/** The documented values (https://partner.tradovate.com/overview/core-concepts/rate-limits). */
export const documentedIpLimits: Record<string, EndpointLimit> = {
  'auth/renewaccesstoken': { perWindow: 15, backoffSec: 15, countSuccess: true },
  'auth/me': { perWindow: 10, backoffSec: 30, countSuccess: false },
  'user/syncrequest': { perWindow: 300, backoffSec: 3, countSuccess: true },
};

export class IpLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(
    readonly limits: Record<string, EndpointLimit>,
    private readonly windowMs: number,
  ) {}

  /** The back-off to impose when this IP is already at the endpoint's limit, else null. */
  overLimit(ip: string, endpoint: string): number | null {
    const limit = this.limits[endpoint];
    if (!limit) return null;
    return this.recent(ip, endpoint).length >= limit.perWindow ? limit.backoffSec : null;
  }

  /** Counts a call that was handled (successful calls only where the endpoint counts them). */
  record(ip: string, endpoint: string, succeeded: boolean): void {
    const limit = this.limits[endpoint];
    if (!limit || (succeeded && !limit.countSuccess)) return;
    const list = this.recent(ip, endpoint);
    list.push(Date.now());
    this.calls.set(`${ip} ${endpoint}`, list);
  }

  /** Calls counted in the current window (tests and the control API). */
  counted(endpoint: string): number {
    let total = 0;
    for (const [key] of this.calls)
      if (key.endsWith(` ${endpoint}`)) total += this.recent(key.split(' ')[0] ?? '', endpoint).length;
    return total;
  }

  private recent(ip: string, endpoint: string): number[] {
    const since = Date.now() - this.windowMs;
    const list = (this.calls.get(`${ip} ${endpoint}`) ?? []).filter((at) => at > since);
    this.calls.set(`${ip} ${endpoint}`, list);
    return list;
  }
}
