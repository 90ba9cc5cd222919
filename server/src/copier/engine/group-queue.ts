/**
 * A copy group's jobs, run one at a time in arrival order, except a firm rule's close-out: it goes ahead of the
 * jobs still waiting (behind the one running and behind earlier close-outs), so an account the rule protects is
 * not left open while the user's copies wait their turn.
 */
export class GroupQueue {
  private readonly waiting: Array<() => Promise<void>> = [];
  /** How many of the waiting jobs at the front are close-outs. */
  private urgent = 0;
  private running: Promise<void> | null = null;
  private added = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Runs the job after every job already queued. Resolves when it ended (a failure goes to `onError`). */
  add(job: () => Promise<void>): Promise<void> {
    return this.put(job, false);
  }

  /** Runs the job before every job still waiting but the close-outs queued before it. */
  addFirst(job: () => Promise<void>): Promise<void> {
    return this.put(job, true);
  }

  /** Jobs added so far: a settled queue whose count did not move got no new work meanwhile. */
  get count(): number {
    return this.added;
  }

  /** Resolves once no job runs or waits. */
  async settled(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  private put(job: () => Promise<void>, first: boolean): Promise<void> {
    this.added += 1;
    return new Promise<void>((resolve) => {
      const run = (): Promise<void> => Promise.resolve().then(job).catch(this.onError).finally(resolve);
      if (first) {
        this.waiting.splice(this.urgent, 0, run);
        this.urgent += 1;
      } else this.waiting.push(run);
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // One tick first: the caller's synchronous work finishes before the job starts, as with a promise chain.
    await Promise.resolve();
    for (let job = this.next(); job !== undefined; job = this.next()) await job();
    this.running = null;
  }

  private next(): (() => Promise<void>) | undefined {
    const job = this.waiting.shift();
    if (job !== undefined && this.urgent > 0) this.urgent -= 1;
    return job;
  }
}
