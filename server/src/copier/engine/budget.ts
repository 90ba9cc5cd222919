import { systemClock, type Clock } from './clock';

/**
 * A request budget per broker user: a token bucket (the broker's per-minute allowance, refilled
 * continuously) with a queue. Nothing in the queue expires: a job that waited is re-planned by its owner when
 * its turn comes (converge, don't replay: see `converge-plan.ts`), and a turn that finds nothing left to send
 * gives its token back. Exits go before entries.
 */
export interface BudgetJob {
  exit: boolean;
  /** The follower the job sends to (throttle on the desk, a Sync replacing what waits). */
  accountId: number;
  symbol: string;
  /**
   * Its turn: `waited` tells whether it sat in the queue. Answers whether a request went out (false: nothing
   * was left to send, and the token is given back).
   */
  run: (waited: boolean) => boolean;
  /** Taken out of the queue unsent (a Sync replaced it, or a later job with the same key): records why. */
  drop: (reason: string) => void;
  /**
   * Jobs with the same key coalesce: a later one takes the place of one still waiting (a mirror's modifies
   * become one, a cancel replaces its mirror's waiting modify).
   */
  key?: string;
  /** Cancels go before everything else: they only ever take exposure away. */
  urgent?: boolean;
  /** A market copy a check may replace with its own net order (`drop`); resting orders and their changes are not. */
  replaceable?: boolean;
}

export class RequestBudget {
  private tokens: number;
  private refilledAt: number;
  private blockedUntil = 0;
  private readonly queue: BudgetJob[] = [];
  private cancelTimer: (() => void) | null = null;
  private readonly drainedListeners: Array<() => void> = [];
  /** Turns whose order is being stored before it goes: no other turn is given meanwhile. */
  private holding = 0;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = systemClock.now,
    private readonly after: Clock['after'] = systemClock.after,
    /** The broker adapter's own budget for this login: when it lets the next request go (epoch ms). */
    private readonly brokerNextAt: () => number = () => 0,
  ) {
    this.tokens = perMinute;
    this.refilledAt = now();
  }

  /** Runs the job now when the budget allows and nothing waits (the hot path), else queues it. True: ran now. */
  schedule(job: BudgetJob): boolean {
    if (this.queue.length === 0 && this.take()) {
      if (!job.run(false)) this.giveBack();
      return true;
    }
    const same = job.key === undefined ? -1 : this.queue.findIndex((entry) => entry.key === job.key);
    const replaced = same < 0 ? undefined : this.queue.splice(same, 1)[0];
    // Cancels first, then exits; within a priority, first come first served (a coalesced job keeps its place
    // unless its priority moves it up).
    const at = job.urgent
      ? this.queue.findIndex((entry) => entry.urgent !== true)
      : replaced !== undefined
        ? same
        : job.exit
          ? this.queue.findIndex((entry) => entry.urgent !== true && !entry.exit)
          : -1;
    if (at < 0 || at > this.queue.length) this.queue.push(job);
    else this.queue.splice(at, 0, job);
    replaced?.drop('Replaced by a later change of the same order');
    this.arm();
    return false;
  }

  /** The broker said "too many requests": nothing goes out before `retryAt`. */
  penalize(retryAt: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, retryAt);
    this.tokens = 0;
  }

  /** Queued jobs (tests, desk state). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Jobs of one follower waiting in the queue. */
  waitingFor(accountId: number): number {
    return this.queue.filter((job) => job.accountId === accountId).length;
  }

  /** The contract of the follower's first waiting job (null: none waits). */
  waitingSymbol(accountId: number): string | null {
    return this.queue.find((job) => job.accountId === accountId)?.symbol ?? null;
  }

  /** When the next request may go (engine clock), whatever waits. */
  nextSendAt(): number {
    const now = this.now();
    this.refill(now);
    const tokenAt = this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
    return Math.max(tokenAt, this.blockedUntil, this.brokerNextAt());
  }

  /**
   * A turn whose order is stored before it goes (a re-planned copy) keeps the login's next turns back until it is
   * handed to the adapter: a turn given meanwhile would take the adapter's slot first and leave it to wait (and the
   * same again at every round). Answers the release.
   */
  holdTurns(): () => void {
    this.holding += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holding -= 1;
      if (this.queue.length > 0) this.arm();
    };
  }

  /** Whether the broker adapter's own budget for the login would let a request go at once. */
  brokerReady(): boolean {
    const now = this.now();
    return now >= this.blockedUntil && this.brokerNextAt() <= now;
  }

  /** Takes the follower's waiting market copies out (in one contract, or all): a Sync's one order replaces them. */
  drop(accountId: number, symbols: readonly string[] | null, reason: string): number {
    const dropped = this.queue.filter(
      (job) =>
        job.replaceable === true &&
        job.accountId === accountId &&
        (symbols === null || symbols.includes(job.symbol)),
    );
    for (const job of dropped) this.queue.splice(this.queue.indexOf(job), 1);
    for (const job of dropped) job.drop(reason);
    this.notifyIfDrained();
    return dropped.length;
  }

  /** Resolves once no job of these followers waits (tests and idle checks). */
  async drained(accountIds: ReadonlySet<number>): Promise<void> {
    while (this.queue.some((job) => accountIds.has(job.accountId)))
      await new Promise<void>((resolve) => this.drainedListeners.push(resolve));
  }

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.perMinute, this.tokens + ((now - this.refilledAt) * this.perMinute) / 60_000);
    this.refilledAt = now;
  }

  private take(): boolean {
    const now = this.now();
    if (this.holding > 0 || !this.brokerReady()) return false;
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** A turn that took a token sent nothing after all (its order waits for another turn): the token is given back. */
  giveBack(): void {
    this.tokens = Math.min(this.perMinute, this.tokens + 1);
  }

  private drain(): void {
    this.cancelTimer = null;
    while (this.queue.length > 0 && this.take()) {
      const job = this.queue.shift();
      if (job !== undefined && !job.run(true)) this.giveBack();
    }
    this.notifyIfDrained();
    // While a turn holds the others back, its release arms the next.
    if (this.queue.length > 0 && this.holding === 0) this.arm();
  }

  private notifyIfDrained(): void {
    for (const listener of this.drainedListeners.splice(0)) listener();
  }

  private arm(): void {
    if (this.cancelTimer !== null) return;
    const wait = Math.max(1, this.nextSendAt() - this.now());
    this.cancelTimer = this.after(wait, () => this.drain());
  }
}
