/**
 * Copy latency per leader event: received → each follower order sent. The bench reads it; the orders list
 * shows the per-order figures the store keeps.
 */
export interface EventLatency {
  receivedAt: number;
  lastSentAt: number;
  sends: number;
}

const KEEP = 50_000;

export class CopyMetrics {
  readonly events = new Map<string, EventLatency>();
  sent = 0;

  onSent(eventKey: string, receivedAt: number, sentAt: number): void {
    this.sent += 1;
    const entry = this.events.get(eventKey);
    if (entry === undefined) {
      if (this.events.size >= KEEP) this.events.clear();
      this.events.set(eventKey, { receivedAt, lastSentAt: sentAt, sends: 1 });
      return;
    }
    entry.lastSentAt = Math.max(entry.lastSentAt, sentAt);
    entry.sends += 1;
  }

  reset(): void {
    this.events.clear();
    this.sent = 0;
  }
}
