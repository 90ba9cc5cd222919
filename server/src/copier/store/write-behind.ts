import type { Db } from '../../db/db';

interface Statement {
  sql: string;
  params: unknown[];
}

const FLUSH_MS = 25;

/**
 * Records that are not on the copy's critical path (outcomes, order and fill rows) are queued and written
 * in one transaction shortly after, in order, so the hot path never waits for them.
 */
export class WriteBehind {
  private queue: Statement[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  push(sql: string, params: unknown[]): void {
    this.queue.push({ sql, params });
    if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.running = this.running.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.tx(async (tx) => {
          for (const statement of batch) await tx.query(statement.sql, statement.params);
        });
      } catch (error: unknown) {
        this.onError(error);
        // One bad row must not lose the others: retry them one by one.
        for (const statement of batch) await this.db.query(statement.sql, statement.params).catch(this.onError);
      }
    });
    return this.running;
  }
}
