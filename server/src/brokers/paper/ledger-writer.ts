import type { PaperAccount } from './ledger';
import type { LedgerBatch, PaperFillRow } from './ledger-store';
import type { PaperOrder } from './matching';
import type { MarketTicks } from './price-model';

/** After a failed write the batch is tried again, but not in a tight loop against a database that is down. */
const RETRY_MS = 500;

export interface LedgerSink {
  write(batch: LedgerBatch): Promise<void>;
  /** A graceful stop, once every batch is written (the journal's move into the tables). */
  close?(): Promise<void>;
  /**
   * The batch is stored within the call (a synchronous file append): writing costs no turn of a database, so
   * the writer does not wait for the end of the event loop's turn to gather a bigger batch.
   */
  readonly synchronous?: boolean;
  /** Moves what is stored beside the tables (the journal) into them now. */
  settle?(): Promise<void>;
}

/**
 * Group commit of the paper ledger. The venue changes its state in memory (the matching stays synchronous and
 * fast) and marks what changed here; everything marked while one write runs goes out in the next one, in one
 * transaction. Each change belongs to a numbered batch, and nothing about it leaves the venue (an answer to a
 * command, an order or fill event) before that batch is stored: `whenStored(batchOf())`. A process killed in
 * between loses only changes nobody was told about.
 */
export class LedgerWriter {
  private accounts = new Map<string, PaperAccount>();
  private orders = new Map<string, PaperOrder>();
  private fills: PaperFillRow[] = [];
  /** The batch changes go into now; batches below it are written or being written. */
  private open = 1;
  private stored = 0;
  private writing = false;
  private scheduled = false;
  private closed = false;
  private readonly waiters: Array<{ batch: number; resolve: () => void }> = [];

  constructor(
    private readonly sink: LedgerSink,
    private readonly markets: () => MarketTicks[],
    private readonly onError: (error: unknown) => void,
  ) {}

  account(account: PaperAccount): void {
    this.accounts.set(account.externalId, account);
    this.schedule();
  }

  order(order: PaperOrder): void {
    this.orders.set(order.orderId, order);
    this.schedule();
  }

  fill(fill: PaperFillRow): void {
    this.fills.push(fill);
    this.schedule();
  }

  /** The sink stores a batch within the call (the journal in files): a change is stored within its own turn. */
  get synchronous(): boolean {
    return this.sink.synchronous === true;
  }

  /** The batch holding every change marked so far. */
  batchOf(): number {
    return this.hasChanges() ? this.open : this.open - 1;
  }

  isStored(batch: number): boolean {
    return batch <= this.stored;
  }

  /** Resolves once `batch` (and every batch before it) is in the database. */
  whenStored(batch: number = this.batchOf()): Promise<void> {
    if (batch <= this.stored) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ batch, resolve }));
  }

  /** Writes what is marked (a graceful stop); later changes are not written any more. */
  /** Resolves once every change made so far is in the ledger tables themselves, the journal moved into them. */
  async settled(): Promise<void> {
    await this.whenStored();
    await this.sink.settle?.();
  }

  async close(): Promise<void> {
    await this.whenStored();
    this.closed = true;
    await this.sink.close?.();
  }

  private hasChanges(): boolean {
    return this.accounts.size > 0 || this.orders.size > 0 || this.fills.length > 0;
  }

  private schedule(delay = 0): void {
    if (this.scheduled || this.writing || this.closed) return;
    this.scheduled = true;
    // One macrotask later: a burst of synchronous venue work (a fill books the account, the order and the fill) goes out together.
    const run = (): void => {
      this.scheduled = false;
      void this.write();
    };
    // A synchronous sink: on the next microtask, after the commands already queued in this turn (a copier's
    // sends to all its followers are), so they still share one batch.
    if (delay === 0 && this.sink.synchronous === true) queueMicrotask(run);
    else if (delay === 0) setImmediate(run);
    else setTimeout(run, delay).unref();
  }

  private async write(): Promise<void> {
    if (this.writing || !this.hasChanges()) return;
    this.writing = true;
    const batch = this.open;
    this.open += 1;
    const accounts = [...this.accounts.values()];
    const orders = [...this.orders.values()];
    const fills = this.fills;
    this.accounts = new Map();
    this.orders = new Map();
    this.fills = [];
    // Rows are copied now: the venue goes on changing the live objects while the write runs. A synchronous sink
    // has stored them (serialised) before the call returns, before the venue can change them: no copy.
    const rows: LedgerBatch =
      this.sink.synchronous === true
        ? { accounts, orders, fills, markets: this.markets() }
        : {
            accounts: accounts.map((a) => ({
              ...a,
              positions: new Map([...a.positions].map(([symbol, p]) => [symbol, { ...p }])),
            })),
            orders: orders.map((o) => ({ ...o })),
            fills,
            markets: this.markets(),
          };
    let failed = false;
    try {
      await this.sink.write(rows);
      this.stored = batch;
      this.release();
    } catch (error: unknown) {
      failed = true;
      // Nothing of this batch was stored: its rows go back, under newer values marked meanwhile.
      for (const account of accounts)
        if (!this.accounts.has(account.externalId)) this.accounts.set(account.externalId, account);
      for (const order of orders) if (!this.orders.has(order.orderId)) this.orders.set(order.orderId, order);
      this.fills = [...fills, ...this.fills];
      this.onError(error);
    } finally {
      this.writing = false;
    }
    if (this.hasChanges()) this.schedule(failed ? RETRY_MS : 0);
  }

  private release(): void {
    for (let i = this.waiters.length - 1; i >= 0; i -= 1) {
      const waiter = this.waiters[i];
      if (waiter !== undefined && waiter.batch <= this.stored) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}
