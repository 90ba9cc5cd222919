/**
 * Tradovate's request limit per user (every token, connection and transport of the user counts together):
 * about 80 requests a minute and 5,000 an hour over rolling windows, as the copier vendors that live under it
 * publish them (see the README's Limits section). Past the minute's limit the request is not handled and the
 * answer is a penalty ticket whose `p-time` is the wait until the window has room; a caller that sends again
 * before that wait is over, or passes the hour's limit, gets the 429 that locks the user out.
 */
export interface UserLimits {
  perMinute: number;
  perHour: number;
  /** The windows' lengths: real ones are a minute and an hour; tests scale them down. */
  minuteMs: number;
  hourMs: number;
  /** The n-th ticket of a user within an hour and every later one ask for a captcha (no server can solve it). */
  captchaAfterTickets: number;
}

/** What a test, bench or run asks for: the real figures, none, or the real ones with some replaced. */
export type UserLimitsOption = 'real' | 'off' | Partial<UserLimits>;

export const realUserLimits: UserLimits = {
  perMinute: 80,
  perHour: 5_000,
  minuteMs: 60_000,
  hourMs: 3_600_000,
  captchaAfterTickets: 20,
};

/** No option given: `FAKE_TRADOVATE_LIMITS=real` turns the real limit on for every fake of the run. */
export function resolveUserLimits(
  option: UserLimitsOption | undefined,
  variable = process.env.FAKE_TRADOVATE_LIMITS,
): UserLimits | null {
  if (option === undefined) return variable === 'real' ? { ...realUserLimits } : null;
  if (option === 'off') return null;
  if (option === 'real') return { ...realUserLimits };
  return { ...realUserLimits, ...option };
}

/** How the limit answers one request of a user. */
export type UserLimitVerdict =
  { kind: 'pass' } | { kind: 'penalty'; pTimeSec: number; captcha: boolean } | { kind: 'lockout' };

export class UserLimiter {
  private readonly sent = new Map<number, number[]>();
  private readonly tickets = new Map<number, number[]>();
  /** Tickets and lockouts the limit handed each user (benches report them). */
  readonly refusals = new Map<number, { tickets: number; lockouts: number }>();
  /** Until when the user's last ticket asks it to wait (epoch ms). */
  private readonly waitUntil = new Map<number, number>();

  constructor(readonly limits: UserLimits) {}

  /** Counts the request when it may be handled; `ticketed` resends (a valid ticket) are never refused. */
  check(userId: number, ticketed: boolean, now = Date.now()): UserLimitVerdict {
    const list = this.recent(this.sent, userId, this.limits.hourMs, now);
    if (ticketed) {
      list.push(now);
      return { kind: 'pass' };
    }
    if (list.length >= this.limits.perHour) {
      this.refused(userId).lockouts += 1;
      return { kind: 'lockout' };
    }
    const inMinute = list.filter((at) => at > now - this.limits.minuteMs);
    if (inMinute.length < this.limits.perMinute) {
      list.push(now);
      return { kind: 'pass' };
    }
    if (now < (this.waitUntil.get(userId) ?? 0)) {
      // The lockout replaces the wait: once it ends the user starts afresh.
      this.waitUntil.delete(userId);
      this.refused(userId).lockouts += 1;
      return { kind: 'lockout' };
    }
    const freeAt = (inMinute[0] ?? now) + this.limits.minuteMs;
    const pTimeSec = Math.max(1, Math.ceil((freeAt - now) / 1000));
    this.waitUntil.set(userId, now + pTimeSec * 1000);
    const issued = this.recent(this.tickets, userId, this.limits.hourMs, now);
    issued.push(now);
    this.refused(userId).tickets += 1;
    return { kind: 'penalty', pTimeSec, captcha: issued.length >= this.limits.captchaAfterTickets };
  }

  /** Requests of the user counted in the current minute (tests and benches read the budget used). */
  countedInMinute(userId: number, now = Date.now()): number {
    return this.recent(this.sent, userId, this.limits.hourMs, now).filter(
      (at) => at > now - this.limits.minuteMs,
    ).length;
  }

  private refused(userId: number): { tickets: number; lockouts: number } {
    let counts = this.refusals.get(userId);
    if (counts === undefined) {
      counts = { tickets: 0, lockouts: 0 };
      this.refusals.set(userId, counts);
    }
    return counts;
  }

  private recent(store: Map<number, number[]>, userId: number, windowMs: number, now: number): number[] {
    const list = (store.get(userId) ?? []).filter((at) => at > now - windowMs);
    store.set(userId, list);
    return list;
  }
}
