/**
 * When each service bucket may be asked again, as a service said (a 429's retry_after, Discord's reset): an alert
 * for a held bucket waits in the outbox until then instead of being sent into another 429.
 */
export class RateHolds {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  hold(key: string, ms: number): void {
    const end = this.now() + ms;
    if (end > (this.until.get(key) ?? 0)) this.until.set(key, end);
  }

  /** Milliseconds left on the bucket's hold, 0 when it is free. */
  left(key: string): number {
    const end = this.until.get(key);
    if (end === undefined) return 0;
    const left = end - this.now();
    if (left <= 0) this.until.delete(key);
    return Math.max(0, left);
  }
}
