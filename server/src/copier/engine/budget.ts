import { systemClock, type Clock } from './clock';

/**
 * A request budget per broker user: a token bucket (part of the broker's per-minute allowance at once, the rest
 * paced: `paceOf`) with a queue. Nothing in the queue expires: a job that waited is re-planned by its owner when
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

/** Below this many requests a minute, the login's allowance is too small to keep part of it back. */
export const PACED_FROM_PER_MINUTE = 20;

/**
 * How a login's minute is spent: `burst` requests may go at once, the rest is paced at `refillPerMinute`, and a
 * tenth is left to the adapter's own reads. Spent as a bucket of the whole minute, a leader's burst took every
 * request of the broker's rolling minute for copies of the burst itself, and the followers waited out the minute on
 * the wrong side of the leader (ADR 8): paced, a waiting follower gets a turn every few seconds, and its turn
 * brings it to where the leader is then. At most `burst + refillPerMinute` requests in any minute: within the limit.
 */
export function paceOf(perMinute: number): { burst: number; refillPerMinute: number } {
  if (perMinute < PACED_FROM_PER_MINUTE) return { burst: perMinute, refillPerMinute: perMinute };
  const burst = Math.floor(perMinute / 4);
  return { burst, refillPerMinute: perMinute - burst - Math.ceil(perMinute / 10) };
}

/**
 * A job's place in the queue: lower goes first. Cancels only take exposure away; then the followers' positions (market
 * copies and the checks' net orders, exits first); then new resting orders and their changes, exits first. A
 * position order behind resting ones waited out every one of them, and a check replacing it every few seconds
 * put it at the back each time: the follower stayed on the wrong side while mirrors went out.
 */
function rank(job: BudgetJob): number {
  if (job.urgent === true) return 0;
  return (job.replaceable === true ? 1 : 3) + (job.exit ? 0 : 1);
}

export class RequestBudget {
  private tokens: number;
  /** Requests that may go at once (the bucket's size) and the pace after them. */
  private burst: number;
  private refillPerMinute: number;
  /** Server nodes spending this login's allowance (each spends its share). */
  private nodes = 1;
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
    ({ burst: this.burst, refillPerMinute: this.refillPerMinute } = paceOf(perMinute));
    this.tokens = this.burst;
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
    // By rank (`rank`); within a rank, first come first served (a coalesced job keeps its place unless its rank
    // moves it up).
    const at = job.urgent
      ? this.queue.findIndex((entry) => entry.urgent !== true)
      : replaced !== undefined
        ? same
        : this.queue.findIndex((entry) => rank(entry) > rank(job));
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

  /** Until when the broker stopped this login, as seen here (0: it did not). */
  get blockedAt(): number {
    return this.blockedUntil;
  }

  /**
   * The login is used by `nodes` server nodes (at least this one): this node spends its share of the allowance. A
   * broker's stop seen by another node (`blockedUntil`, epoch ms) holds here too.
   */
  share(nodes: number, blockedUntil: number): void {
    const count = Math.max(1, Math.floor(nodes));
    if (blockedUntil > this.blockedUntil) this.penalize(blockedUntil);
    if (count === this.nodes) return;
    this.refill(this.now());
    this.nodes = count;
    ({ burst: this.burst, refillPerMinute: this.refillPerMinute } = paceOf(this.perMinute / count));
    this.tokens = Math.min(this.tokens, this.burst);
  }

  /** This node's share of the login's allowance (requests a minute). */
  get sharePerMinute(): number {
    return this.perMinute / this.nodes;
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
    const tokenAt =
      this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 60_000) / this.refillPerMinute);
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
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((now - this.refilledAt) * this.refillPerMinute) / 60_000,
    );
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

  /** Requests the budget lets go now (operators' metrics read it; nothing is spent). */
  get left(): number {
    this.refill(this.now());
    return Math.floor(this.tokens);
  }

  /** A turn that took a token sent nothing after all (its order waits for another turn): the token is given back. */
  giveBack(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1);
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
