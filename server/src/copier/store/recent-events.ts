/** How far back the process keeps claimed event keys: brokers replay at most the current trading day. */
export const RECENT_EVENTS_MS = 48 * 3_600_000;
/** Broker clocks and ours may disagree: an event this close to the edge is checked in the database. */
const CLOCK_SKEW_MS = 3_600_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The leader events claimed in the last two days, in claim order, so a replayed event is recognized without a
 * database round trip. An event older than what the index is complete for is left to the database.
 */
export class RecentEvents {
  private readonly claimedAt = new Map<string, number>();
  private completeFrom: number;
  private lastPrune: number;

  /** `since`: every event claimed from then on is (or will be) added here. */
  constructor(since: number, now: number) {
    this.completeFrom = since + CLOCK_SKEW_MS;
    this.lastPrune = now;
  }

  has(eventKey: string): boolean {
    return this.claimedAt.has(eventKey);
  }

  /** True when an event of this broker time may have been claimed before the index was complete. */
  mayPredate(eventTime: number | null): boolean {
    return eventTime !== null && eventTime < this.completeFrom;
  }

  add(eventKey: string, at: number): void {
    this.claimedAt.set(eventKey, at);
    if (at - this.lastPrune >= PRUNE_EVERY_MS) this.prune(at);
  }

  get size(): number {
    return this.claimedAt.size;
  }

  private prune(at: number): void {
    this.lastPrune = at;
    const cutoff = at - RECENT_EVENTS_MS;
    // Keys are kept in claim order, so the old ones are at the front.
    for (const [key, claimed] of this.claimedAt) {
      if (claimed >= cutoff) break;
      this.claimedAt.delete(key);
    }
    this.completeFrom = Math.max(this.completeFrom, cutoff + CLOCK_SKEW_MS);
  }
}
