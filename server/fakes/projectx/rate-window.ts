/**
 * The gateway's published limits (https://gateway.docs.projectx.com/docs/getting-started/rate-limits):
 * `History/retrieveBars` 50 requests / 30 s, every other endpoint 200 requests / 60 s, HTTP 429 past either.
 * The page does not say what is counted; the fake counts per login (every token of the user together), the
 * stricter reading: a renewed token or a second session does not start a fresh window.
 */
export interface GatewayLimits {
  perWindow: number;
  windowMs: number;
  barsPerWindow: number;
  barsWindowMs: number;
}

/** `'real'` (the default), `'off'`, or the real figures with some replaced (tests scale them down). */
export type GatewayLimitsOption = 'real' | 'off' | Partial<GatewayLimits>;

export const realGatewayLimits: GatewayLimits = {
  perWindow: 200,
  windowMs: 60_000,
  barsPerWindow: 50,
  barsWindowMs: 30_000,
};

export function resolveGatewayLimits(option: GatewayLimitsOption | undefined): GatewayLimits | null {
  if (option === 'off') return null;
  if (option === undefined || option === 'real') return { ...realGatewayLimits };
  return { ...realGatewayLimits, ...option };
}

/** A sliding window per key. */
export class RateWindows {
  private readonly hits = new Map<string, number[]>();

  constructor(
    public limit: number,
    public windowMs: number,
  ) {}

  /** True when the request fits; it is then counted. */
  take(key: string, at = Date.now()): boolean {
    const recent = this.recent(key, at);
    if (recent.length >= this.limit) return false;
    recent.push(at);
    return true;
  }

  /** Seconds until the oldest counted request leaves the window. */
  retryAfterSec(key: string, at = Date.now()): number {
    const oldest = this.recent(key, at)[0] ?? at;
    return Math.max(1, Math.ceil((oldest + this.windowMs - at) / 1000));
  }

  /** Requests counted in the current window (benches read the budget used). */
  counted(key: string, at = Date.now()): number {
    return this.recent(key, at).length;
  }

  private recent(key: string, at: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((time) => time > at - this.windowMs);
    this.hits.set(key, recent);
    return recent;
  }
}

/** The two windows of the gateway, per login; `null` limits let everything through. */
export class GatewayRates {
  readonly general: RateWindows | null;
  readonly bars: RateWindows | null;

  constructor(readonly limits: GatewayLimits | null) {
    this.general = limits ? new RateWindows(limits.perWindow, limits.windowMs) : null;
    this.bars = limits ? new RateWindows(limits.barsPerWindow, limits.barsWindowMs) : null;
  }

  /** 0 when the request fits (it is then counted), else the seconds to wait (`retry-after`). */
  take(userName: string, path: string): number {
    const window = path === 'History/retrieveBars' ? this.bars : this.general;
    if (window === null || window.take(userName)) return 0;
    return window.retryAfterSec(userName);
  }
}
