/**
 * The request budget of one Rithmic login (every session and connection of the login shares it). Rithmic
 * publishes no figure: the budget starts at `perMinute` and, when the gateway refuses a request for its rate,
 * learns from it: nothing goes for a minute and the budget becomes what was sent in the last minute, less a
 * quarter, down to a floor. It never grows back by itself within a process (a refusal is costly).
 */
export class RequestBudget {
  private readonly sent: number[] = [];
  private blockedUntil = 0;
  private limit: number;

  constructor(
    perMinute: number,
    private readonly windowMs = 60_000,
    private readonly floor = 10,
  ) {
    this.limit = perMinute;
  }

  get perWindow(): number {
    return this.limit;
  }

  /** Counts a request going now. */
  take(now = Date.now()): void {
    this.trim(now);
    if (this.sent.length < this.limit * 2) this.sent.push(now);
  }

  /** When the next request may go (epoch ms; now or earlier: at once). */
  nextAt(now = Date.now()): number {
    this.trim(now);
    if (now < this.blockedUntil) return this.blockedUntil;
    return this.sent.length >= this.limit ? this.sent[this.sent.length - this.limit]! + this.windowMs : now;
  }

  /** The gateway refused a request for its rate. */
  refused(now = Date.now()): void {
    this.trim(now);
    this.limit = Math.max(this.floor, Math.min(this.limit, Math.floor(this.sent.length * 0.75)));
    this.blockedUntil = Math.max(this.blockedUntil, now + this.windowMs);
  }

  private trim(now: number): void {
    while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
  }
}

export class RequestBudgets {
  private readonly budgets = new Map<string, RequestBudget>();

  constructor(private readonly perMinute: number) {}

  forLogin(key: string): RequestBudget {
    let budget = this.budgets.get(key);
    if (budget === undefined) {
      budget = new RequestBudget(this.perMinute);
      this.budgets.set(key, budget);
    }
    return budget;
  }
}
