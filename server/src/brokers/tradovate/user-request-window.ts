import { sleep } from '../shared/sleep';
import { BrokerError } from '../types';

/** Tradovate's per-user limit as it counts it: requests in any rolling minute and in any rolling hour. */
export interface UserRequestLimit {
  perMinute: number;
  perHour: number;
  /**
   * Added to both windows: a request is counted here when it is taken, and reaches Tradovate a moment later; an
   * earlier request that took longer on the way would otherwise still be in Tradovate's window when the next
   * one arrives.
   */
  guardMs: number;
  /** The clock (epoch ms); tests drive it. */
  now: () => number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
export const DEFAULT_GUARD_MS = 1_000;

/**
 * The request window of one Tradovate user, kept as Tradovate counts it: at most `perMinute` requests in any
 * rolling minute and `perHour` in any rolling hour (a token bucket would let a full bucket plus its refill go in
 * the first minute, twice the limit, and earn a penalty ticket and then the lockout). Every session (connection)
 * of the user draws on the same budget, every request counts (REST and socket, orders and reads), and a 429 or
 * penalty seen by one session pauses them all.
 */
export class UserRequestWindow {
  /** When each request of the last hour was taken, oldest first. */
  private readonly sent: number[] = [];
  private blockedUntil = 0;
  private lockedUntil = 0;
  private slowUntil = 0;
  private readonly lockoutListeners = new Set<(until: number) => void>();
  /** Requests waiting for a slot, in the order they asked. */
  private readonly waiters: Array<{
    deadline: number;
    resolve: () => void;
    reject: (error: BrokerError) => void;
  }> = [];
  private pumpTimer: ReturnType<typeof setTimeout> | null = null;
  readonly perHour: number;
  private readonly guardMs: number;
  private readonly now: () => number;

  constructor(
    readonly perMinute: number,
    limits: Partial<Omit<UserRequestLimit, 'perMinute'>> = {},
  ) {
    this.perHour = limits.perHour ?? 5_000;
    this.guardMs = limits.guardMs ?? DEFAULT_GUARD_MS;
    this.now = limits.now ?? Date.now;
  }

  /**
   * When the next request may go (epoch ms); now if the windows have room. Requests already waiting for a slot go
   * first: the next slot is after theirs.
   */
  nextSlotAt(now = this.now()): number {
    return this.slotAt(now, this.waiters.length);
  }

  /** When a request may go with `ahead` requests taking the slots before it. */
  private slotAt(now: number, ahead: number): number {
    this.forget(now);
    const allowed = (limit: number): number => Math.max(1, limit - ahead);
    const behind = (limit: number, windowMs: number): number =>
      ahead >= limit ? now + windowMs + this.guardMs : this.freeAt(allowed(limit), windowMs, now);
    const full = behind(this.perMinute, MINUTE_MS);
    // Half the allowance while Tradovate's 423 warning is fresh, so it does not turn into a 429.
    const minute =
      now < this.slowUntil
        ? Math.min(
            behind(Math.max(1, Math.floor(this.perMinute / 2)), MINUTE_MS),
            Math.max(this.slowUntil, full),
          )
        : full;
    const hour = behind(this.perHour, HOUR_MS);
    return Math.max(minute, hour, this.blockedUntil, this.lockedUntil);
  }

  /** Until when Tradovate locked this user out (an HTTP 429); 0 when it did not. */
  lockedOutUntil(now = this.now()): number {
    return this.lockedUntil > now ? this.lockedUntil : 0;
  }

  /**
   * Takes one request slot, waiting up to `maxWaitMs`; beyond that fails with `rate_limited` and retryAt.
   * Waiting requests get their slots in the order they asked: a later one never overtakes an earlier one (an
   * order decided later reaching the broker first would act on an older picture of the follower).
   */
  async take(maxWaitMs: number): Promise<void> {
    const now = this.now();
    const at = this.nextSlotAt(now);
    if (at <= now) {
      this.sent.push(now);
      return;
    }
    if (at - now > maxWaitMs) throw exhausted(at);
    await new Promise<void>((resolve, reject) => {
      this.waiters.push({ deadline: now + maxWaitMs, resolve, reject });
      this.pump();
    });
  }

  /** Gives the free slots to the waiting requests, first come first served; re-arms for the next slot. */
  private pump(): void {
    if (this.pumpTimer !== null) clearTimeout(this.pumpTimer);
    this.pumpTimer = null;
    while (this.waiters.length > 0) {
      const now = this.now();
      const at = this.slotAt(now, 0);
      const first = this.waiters[0];
      if (first === undefined) return;
      if (at > first.deadline) {
        this.waiters.shift();
        first.reject(exhausted(at));
        continue;
      }
      if (at > now) {
        this.pumpTimer = setTimeout(() => this.pump(), at - now);
        return;
      }
      this.waiters.shift();
      this.sent.push(now);
      first.resolve();
    }
  }

  /** A resend the broker asked for (penalty ticket) counts but is never refused. */
  forceTake(now = this.now()): void {
    this.forget(now);
    this.sent.push(now);
  }

  /** The broker said stop: nothing goes before `until`. */
  blockUntil(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
    if (this.waiters.length > 0) this.pump();
  }

  /**
   * An HTTP 429: Tradovate stops handling this user's requests for a long time (documented: an hour) and it
   * cannot be cleared by the application. Nothing is sent to the user before `until`, by any session.
   */
  lockOut(until: number): void {
    if (until <= this.lockedUntil) return;
    this.lockedUntil = until;
    if (this.waiters.length > 0) this.pump();
    for (const listener of this.lockoutListeners) listener(until);
  }

  /** Told of every new lockout (sessions show it on the desk). Returns the unsubscribe function. */
  onLockout(listener: (until: number) => void): () => void {
    this.lockoutListeners.add(listener);
    return () => this.lockoutListeners.delete(listener);
  }

  /** An HTTP 423 warning: half the allowance for `forMs`; what was sent in the last minute still counts. */
  slowDown(forMs: number, now = this.now()): void {
    this.slowUntil = Math.max(this.slowUntil, now + forMs);
  }

  /** When fewer than `allowed` requests are left in the window ending then (now if already). */
  private freeAt(allowed: number, windowMs: number, now: number): number {
    const span = windowMs + this.guardMs;
    const first = this.sent.findIndex((at) => at > now - span);
    const inWindow = first < 0 ? 0 : this.sent.length - first;
    if (inWindow < allowed) return now;
    // The request that must leave the window for one more to fit.
    const leaving = this.sent[this.sent.length - allowed] ?? now;
    return leaving + span;
  }

  /** Requests older than the hour's window count no more. */
  private forget(now: number): void {
    const first = this.sent.findIndex((at) => at > now - HOUR_MS - this.guardMs);
    this.sent.splice(0, first < 0 ? this.sent.length : first);
  }
}

function exhausted(retryAt: number): BrokerError {
  return new BrokerError(
    'Tradovate request budget exhausted for this user; retry later',
    'rate_limited',
    retryAt,
  );
}

export { sleep };

/** Budgets keyed by environment + Tradovate user id, shared by every session in this process. */
export class UserRequestWindows {
  private readonly budgets = new Map<string, UserRequestWindow>();

  constructor(
    private readonly perMinute: number,
    private readonly limits: Partial<Omit<UserRequestLimit, 'perMinute'>> = {},
  ) {}

  forUser(key: string): UserRequestWindow {
    let budget = this.budgets.get(key);
    if (!budget) {
      budget = new UserRequestWindow(this.perMinute, this.limits);
      this.budgets.set(key, budget);
    }
    return budget;
  }
}
