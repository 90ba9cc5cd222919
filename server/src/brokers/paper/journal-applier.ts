/** Applied once the venue has written nothing for this long: between a trader's trades, not during one. */
const QUIET_MS = 200;
/** …and at the latest this long after the first batch waiting, so the journal stays short under steady trading. */
const LATEST_MS = 1_000;

/**
 * Moves the paper ledger's journal into its tables off the copy's path. The embedded database runs one statement
 * at a time, so the move waits for a pause in the venue's writes: applied during a burst, it would hold up the
 * next batch's journal insert, which every acknowledgement waits for.
 */
export class JournalApplier {
  private timer: NodeJS.Timeout | null = null;
  private firstWaiting: number | null = null;
  private lastAppended = 0;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly apply: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A batch was appended to the journal. Called before the batch's answers go out: it only notes the time, and
   * arms a timer when none is armed (the timer moves itself on when it finds the venue still writing).
   */
  appended(): void {
    if (this.closed) return;
    const now = this.now();
    this.firstWaiting ??= now;
    this.lastAppended = now;
    if (this.timer === null) this.arm(now);
  }

  /** Applies what is waiting now (a graceful stop); later batches stay in the journal for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.apply();
  }

  private arm(now: number): void {
    const first = this.firstWaiting ?? now;
    const due = Math.min(this.lastAppended + QUIET_MS, first + LATEST_MS);
    this.timer = setTimeout(() => this.due(), Math.max(0, due - now));
    this.timer.unref();
  }

  private due(): void {
    this.timer = null;
    if (this.closed) return;
    const now = this.now();
    const first = this.firstWaiting ?? now;
    if (now < Math.min(this.lastAppended + QUIET_MS, first + LATEST_MS)) this.arm(now);
    else this.run();
  }

  private run(): void {
    this.timer = null;
    this.firstWaiting = null;
    this.running = this.running.then(() =>
      this.apply().then(
        () => undefined,
        (error: unknown) => {
          // The batches stay in the journal: the next append, or the next start, applies them.
          this.onError(error);
        },
      ),
    );
  }
}
