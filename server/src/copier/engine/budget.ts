import { systemClock, type Clock } from './clock';
import { withFields } from '../../runtime/with-fields';

/**
 * A request budget per broker user: a token bucket (the broker's per-minute allowance, refilled
 * continuously) with a priority queue. Exits go before entries. A job that waits past its deadline is not
 * sent: its `onExpired` reports it (the follower shows "rate limited"), it is never silently dropped.
 */
export interface BudgetJob {
  exit: boolean;
  run: () => void;
  onExpired: () => void;
}

interface Queued extends BudgetJob {
  deadline: number;
}

export const ENTRY_DEADLINE_MS = 5_000;
export const EXIT_DEADLINE_MS = 60_000;

export class RequestBudget {
  private tokens: number;
  private refilledAt: number;
  private blockedUntil = 0;
  private readonly queue: Queued[] = [];
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = systemClock.now,
    private readonly after: Clock['after'] = systemClock.after,
  ) {
    this.tokens = perMinute;
    this.refilledAt = now();
  }

  /** Runs the job now when the budget allows (the hot path), else queues it by priority. */
  schedule(job: BudgetJob): void {
    if (this.queue.length === 0 && this.take()) {
      job.run();
      return;
    }
    const deadline = this.now() + (job.exit ? EXIT_DEADLINE_MS : ENTRY_DEADLINE_MS);
    const queued = withFields(job, { deadline });
    // Exits first; within a priority, first come first served.
    const index = job.exit ? this.queue.findIndex((entry) => !entry.exit) : -1;
    if (index < 0) this.queue.push(queued);
    else this.queue.splice(index, 0, queued);
    this.arm();
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

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private take(): boolean {
    const now = this.now();
    if (now < this.blockedUntil) return false;
    this.tokens = Math.min(this.perMinute, this.tokens + ((now - this.refilledAt) * this.perMinute) / 60_000);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private drain(): void {
    this.cancelTimer = null;
    while (this.queue.length > 0) {
      const now = this.now();
      const expired = this.queue.filter((job) => job.deadline < now);
      for (const job of expired) {
        this.queue.splice(this.queue.indexOf(job), 1);
        job.onExpired();
      }
      if (this.queue.length === 0 || !this.take()) break;
      this.queue.shift()?.run();
    }
    if (this.queue.length > 0) this.arm();
  }

  private arm(): void {
    if (this.cancelTimer !== null) return;
    const now = this.now();
    const refillMs = Math.ceil(60_000 / this.perMinute);
    // Wake for the next token, or earlier when a queued job's deadline comes first (to report it on time).
    const nextDeadline = Math.min(...this.queue.map((job) => job.deadline)) - now + 1;
    const wait = Math.max(1, Math.min(Math.max(refillMs, this.blockedUntil - now), nextDeadline));
    this.cancelTimer = this.after(wait, () => this.drain());
  }
}
