import { sleep } from '../shared/sleep';
import { BrokerError } from '../types';

/**
 * A token bucket per Tradovate user: Tradovate counts requests per user, so every session (connection) of
 * that user draws on the same budget, and a 429 or penalty seen by one session pauses them all.
 */
export class RequestBudget {
  private tokens: number;
  private refilledAt = Date.now();
  private blockedUntil = 0;
  private lockedUntil = 0;
  private slowUntil = 0;
  private readonly lockoutListeners = new Set<(until: number) => void>();

  constructor(readonly perMinute: number) {
    this.tokens = perMinute;
  }

  /** The allowance now: half while Tradovate's 423 warning is fresh, so it does not turn into a 429. */
  private rate(now: number): number {
    return now < this.slowUntil ? this.perMinute / 2 : this.perMinute;
  }

  private refill(now: number): void {
    const rate = this.rate(now);
    this.tokens = Math.min(rate, this.tokens + (now - this.refilledAt) * (rate / 60_000));
    this.refilledAt = now;
  }

  /** When the next request may go (epoch ms); now if a token is available. */
  nextSlotAt(now = Date.now()): number {
    this.refill(now);
    const perMs = this.rate(now) / 60_000;
    const tokenAt = this.tokens >= 1 ? now : now + Math.ceil((1 - this.tokens) / perMs);
    return Math.max(tokenAt, this.blockedUntil, this.lockedUntil);
  }

  /** Until when Tradovate locked this user out (an HTTP 429); 0 when it did not. */
  lockedOutUntil(now = Date.now()): number {
    return this.lockedUntil > now ? this.lockedUntil : 0;
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

  /**
   * An HTTP 429: Tradovate stops handling this user's requests for a long time (documented: an hour) and it
   * cannot be cleared by the application. Nothing is sent to the user before `until`, by any session.
   */
  lockOut(until: number): void {
    if (until <= this.lockedUntil) return;
    this.lockedUntil = until;
    this.tokens = 0;
    for (const listener of this.lockoutListeners) listener(until);
  }

  /** Told of every new lockout (sessions show it on the desk). Returns the unsubscribe function. */
  onLockout(listener: (until: number) => void): () => void {
    this.lockoutListeners.add(listener);
    return () => this.lockoutListeners.delete(listener);
  }

  /** An HTTP 423 warning: half the allowance for `forMs`, and what is already spent stays spent. */
  slowDown(forMs: number): void {
    const now = Date.now();
    this.refill(now);
    this.slowUntil = Math.max(this.slowUntil, now + forMs);
    this.tokens = Math.min(this.tokens, this.perMinute / 2);
  }
}

export { sleep };

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
