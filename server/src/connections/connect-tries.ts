/**
 * Fixed-window counters of connect tries, kept in memory like the server's other request limits. A try is
 * counted as it arrives, before any gateway is called, so parallel tries are counted too.
 */
export class ConnectTries {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly limits: { perUser: number; perAddress: number; windowMs: number }) {}

  /** Counts a try of this user from this address: 0 when it may go on, else the seconds until it may. */
  take(userId: number, address: string, now = Date.now()): number {
    const user = this.count(`user:${userId}`, this.limits.perUser, now);
    if (user > 0) return user;
    return this.count(`address:${address}`, this.limits.perAddress, now);
  }

  private count(key: string, max: number, now: number): number {
    if (this.windows.size > 10_000) this.prune(now);
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limits.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
