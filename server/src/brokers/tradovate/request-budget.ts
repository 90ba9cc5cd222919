import { BrokerError } from '../types';

/**
 * A token bucket per Tradovate user: Tradovate counts requests per user, so every session (connection) of
 * that user draws on the same budget, and a 429 or penalty seen by one session pauses them all.
 */
export class RequestBudget {
  private tokens: number;
  private refilledAt = Date.now();
  private blockedUntil = 0;
  private consecutiveLimits = 0;

  constructor(readonly perMinute: number) {
    this.tokens = perMinute;
  }

  private refill(now: number): void {
    const perMs = this.perMinute / 60_000;
    this.tokens = Math.min(this.perMinute, this.tokens + (now - this.refilledAt) * perMs);
    this.refilledAt = now;
  }

  /** When the next request may go (epoch ms); now if a token is available. */
  nextSlotAt(now = Date.now()): number {
    this.refill(now);
    const tokenAt = this.tokens >= 1 ? now : now + Math.ceil((1 - this.tokens) / (this.perMinute / 60_000));
    return Math.max(tokenAt, this.blockedUntil);
  }

  /** Takes one request slot, waiting up to `maxWaitMs`; beyond that fails with `rate_limited` and retryAt. */
  async take(maxWaitMs: number): Promise<void> {
    for (;;) {
      const now = Date.now();
      const at = this.nextSlotAt(now);
      if (at <= now) {
        this.tokens -= 1;
        return;
      }
      if (at - now > maxWaitMs) {
        throw new BrokerError(
          'Tradovate request budget exhausted for this user; retry later',
          'rate_limited',
          at,
        );
      }
      await sleep(at - now);
    }
  }

  /** A resend the broker asked for (penalty ticket) counts but is never refused. */
  forceTake(): void {
    this.refill(Date.now());
    this.tokens -= 1;
  }

  /** The broker said stop: nothing goes before `until`. */
  blockUntil(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
  }

  /** Escalating back-off for repeated 429s without Retry-After (capped at an hour). */
  limitHit(baseMs: number): number {
    this.consecutiveLimits += 1;
    const wait = Math.min(60 * 60 * 1000, baseMs * 2 ** (this.consecutiveLimits - 1));
    const until = Date.now() + wait;
    this.blockUntil(until);
    return until;
  }

  succeeded(): void {
    this.consecutiveLimits = 0;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Budgets keyed by environment + Tradovate user id, shared by every session in this process. */
export class BudgetRegistry {
  private readonly budgets = new Map<string, RequestBudget>();

  constructor(private readonly perMinute: number) {}

  forUser(key: string): RequestBudget {
    let budget = this.budgets.get(key);
    if (!budget) {
      budget = new RequestBudget(this.perMinute);
      this.budgets.set(key, budget);
    }
    return budget;
  }
}
