/**
 * When each service bucket may be asked again, as a service said (a 429's retry_after, Discord's reset): an alert
 * for a held bucket waits in the outbox until then instead of being sent into another 429.
 */
export class RateHolds {
  private readonly ends = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  hold(key: string, ms: number): void {
    const end = this.now() + ms;
    if (end > (this.ends.get(key) ?? 0)) this.ends.set(key, end);
  }

  /** When the bucket's hold ends (ms since the epoch), 0 when it is free. */
  until(key: string): number {
    return this.left(key) > 0 ? (this.ends.get(key) ?? 0) : 0;
  }

  /** Milliseconds until the first hold ends, or undefined when nothing is held. */
  nextEndIn(): number | undefined {
    let first: number | undefined;
    for (const key of [...this.ends.keys()]) {
      const left = this.left(key);
      if (left > 0 && (first === undefined || left < first)) first = left;
    }
    return first;
  }

  /** Milliseconds left on the bucket's hold, 0 when it is free. */
  left(key: string): number {
    const end = this.ends.get(key);
    if (end === undefined) return 0;
    const left = end - this.now();
    if (left <= 0) this.ends.delete(key);
    return Math.max(0, left);
  }
}
