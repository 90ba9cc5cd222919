/** A sliding window per token: the published limit is 200 requests per 60 s (HTTP 429 past it). */
export class RateWindows {
  private readonly hits = new Map<string, number[]>();

  constructor(
    public limit: number,
    public windowMs: number,
  ) {}

  /** True when the request fits; it is then counted. */
  take(key: string, at = Date.now()): boolean {
    const recent = (this.hits.get(key) ?? []).filter((time) => time > at - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(at);
    this.hits.set(key, recent);
    return true;
  }

  /** Seconds until the oldest counted request leaves the window. */
  retryAfterSec(key: string, at = Date.now()): number {
    const oldest = (this.hits.get(key) ?? [])[0] ?? at;
    return Math.max(1, Math.ceil((oldest + this.windowMs - at) / 1000));
  }
}
