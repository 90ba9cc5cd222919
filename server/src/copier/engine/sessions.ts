import { BrokerError, type BrokerEvent } from '../../brokers/types';
import { RequestBudget } from './budget';
import type { Clock } from './clock';
import type { AccountDirectory } from './ports';
import type { SessionEntry } from './state';
import type { EngineAccount } from './types';

const SESSION_RETRY_MAX_MS = 60_000;

type FeedEvent = Extract<BrokerEvent, { kind: 'fill' | 'order' | 'position' | 'account' }>;
type ConnectionEvent = Extract<BrokerEvent, { kind: 'connection' | 'reauth_required' }>;

/** What the session lifecycle tells the engine. */
export interface SessionListener {
  /** A session opened (first time or after failures): its accounts are reachable again. */
  opened(accounts: readonly EngineAccount[]): void;
  /** A session could not open: its accounts are cut off until a retry succeeds. */
  failed(accounts: readonly EngineAccount[], reason: string): void;
  /** Time to try a connection that failed again: the engine reloads the user (only wanted ones open). */
  retry(userId: number): void;
  /** An order, fill, position or balance from a session's feed (also the snapshot taken on opening). */
  feed(entry: SessionEntry, event: FeedEvent): void;
  /** The feed dropped, came back, or needs a new authorization (already marked on the connection). */
  connection(entry: SessionEntry, event: ConnectionEvent): void;
}

export interface SessionDeps {
  directory: AccountDirectory;
  clock: Clock;
  /** First retry delay; doubles up to a minute. */
  retryMs: () => number;
  log(error: unknown, context: string): void;
  listener: SessionListener;
}

/** Events of a session's feed kept while its opening snapshot is read. */
const MAX_EVENTS_WHILE_OPENING = 10_000;

/**
 * The broker sessions of the engine: one per wanted connection, opened with a subscription and a snapshot,
 * retried with back-off when they cannot open, closed when no longer wanted. Connections of one broker user
 * share one request budget, because brokers count requests per user, not per connection.
 */
export class BrokerSessions {
  readonly entries = new Map<number, SessionEntry>();
  private readonly budgets = new Map<string, { budget: RequestBudget; connections: Set<number> }>();
  /** Connections whose session could not open: failed attempts so far, and how to cancel the next one. */
  private readonly reopening = new Map<number, { attempts: number; cancel: (() => void) | null }>();
  private stopped = false;

  constructor(private readonly deps: SessionDeps) {}

  /** The request budget of each broker login in use here, by broker user. */
  loginBudgets(): ReadonlyMap<string, RequestBudget> {
    return new Map([...this.budgets].map(([brokerUser, shared]) => [brokerUser, shared.budget]));
  }

  get(connectionId: number): SessionEntry | undefined {
    return this.entries.get(connectionId);
  }

  /**
   * Opens sessions for the enabled connections among `accounts` and closes those of `previous` no longer
   * wanted (deleted, disabled). Returns the connections now wanted.
   */
  async sync(previous: ReadonlySet<number>, accounts: readonly EngineAccount[]): Promise<Set<number>> {
    const wanted = new Set(
      accounts.filter((account) => account.enabled).map((account) => account.connectionId),
    );
    for (const connectionId of previous) if (!wanted.has(connectionId)) await this.close(connectionId);
    for (const connectionId of wanted) {
      const mine = accounts.filter((account) => account.connectionId === connectionId);
      const entry = this.entries.get(connectionId) ?? (await this.open(connectionId, mine));
      if (entry === undefined) continue;
      for (const account of mine) entry.byExternalId.set(account.externalId, account.id);
    }
    return wanted;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const { cancel } of this.reopening.values()) cancel?.();
    this.reopening.clear();
    for (const connectionId of [...this.entries.keys()]) await this.close(connectionId);
  }

  private async close(connectionId: number): Promise<void> {
    const entry = this.entries.get(connectionId);
    if (entry === undefined) return;
    this.entries.delete(connectionId);
    entry.unsubscribe();
    this.release(connectionId);
    await entry.session.close().catch((error: unknown) => this.deps.log(error, 'close session'));
  }

  private async open(
    connectionId: number,
    accounts: readonly EngineAccount[],
  ): Promise<SessionEntry | undefined> {
    const { directory, listener } = this.deps;
    let session: SessionEntry['session'];
    try {
      session = await directory.openSession(connectionId);
    } catch (error: unknown) {
      listener.failed(
        accounts,
        `Broker connection failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      this.deps.log(error, `open session ${connectionId}`);
      // Refused credentials will not get better by themselves: the user connects the broker again.
      const refused = error instanceof BrokerError && error.code === 'unauthorized';
      const userId = accounts[0]?.userId;
      if (userId !== undefined && !refused) this.reopenLater(connectionId, userId);
      return undefined;
    }
    this.reopening.delete(connectionId);
    listener.opened(accounts);
    const entry: SessionEntry = {
      connectionId,
      session,
      budget: this.budgetFor(connectionId, session),
      byExternalId: new Map(accounts.map((account) => [account.externalId, account.id])),
      unsubscribe: () => undefined,
      up: true,
      heardAt: this.deps.clock.now(),
    };
    this.entries.set(connectionId, entry);
    // The feed is listened to before the snapshot is read: what happens while it is read (an order filled as the
    // session opens) would otherwise be in neither. Its events wait until the snapshot is applied, then follow it
    // in order, so the newest reading wins.
    let waiting: BrokerEvent[] | null = [];
    const deliver = (event: BrokerEvent): void => {
      if (event.kind === 'connection' || event.kind === 'reauth_required') this.markConnection(entry, event);
      else listener.feed(entry, event);
    };
    entry.unsubscribe = session.subscribe((event) => {
      entry.heardAt = this.deps.clock.now();
      if (waiting === null) deliver(event);
      // A feed flooding while the snapshot is read keeps its newest events (reconciliation reads the positions).
      else if (waiting.push(event) > MAX_EVENTS_WHILE_OPENING) waiting.shift();
    });
    try {
      for (const position of await session.positions()) listener.feed(entry, { kind: 'position', position });
      for (const account of await session.accountSnapshots())
        listener.feed(entry, { kind: 'account', account });
    } catch (error: unknown) {
      this.deps.log(error, `snapshot ${connectionId}`);
    }
    const held = waiting;
    waiting = null;
    for (const event of held) deliver(event);
    return entry;
  }

  private markConnection(entry: SessionEntry, event: ConnectionEvent): void {
    const up = event.kind === 'connection' && event.up;
    entry.up = up;
    const status = up ? 'connected' : event.kind === 'reauth_required' ? 'reauth_required' : 'disconnected';
    void this.deps.directory
      .markConnection?.(entry.connectionId, status)
      .catch((error: unknown) => this.deps.log(error, 'connection status'));
    this.deps.listener.connection(entry, event);
  }

  /** The budget of the connection's broker user, shared with that user's other connections. */
  private budgetFor(connectionId: number, session: SessionEntry['session']): RequestBudget {
    const { brokerUser, perMinute } = this.deps.directory.budgetOf(connectionId);
    let shared = this.budgets.get(brokerUser);
    if (shared === undefined) {
      const { clock } = this.deps;
      shared = {
        budget: new RequestBudget(
          perMinute,
          () => clock.now(),
          (ms, job) => clock.after(ms, job),
          // The adapter's own budget for the login (Tradovate's bucket, ProjectX's window) is the same
          // login's: an order is handed over only when it would go at once, never to wait inside the adapter.
          () => session.nextRequestAt?.() ?? 0,
        ),
        connections: new Set(),
      };
      this.budgets.set(brokerUser, shared);
    }
    shared.connections.add(connectionId);
    return shared.budget;
  }

  private release(connectionId: number): void {
    for (const [brokerUser, shared] of this.budgets) {
      if (!shared.connections.delete(connectionId) || shared.connections.size > 0) continue;
      shared.budget.stop();
      this.budgets.delete(brokerUser);
    }
  }

  /**
   * A session that could not open (the broker down or rate limiting the user, the network gone) is tried
   * again, backing off, by reloading the user: the connection's followers would otherwise get nothing until
   * someone changed a setting. The reload opens only connections still wanted, then reconciles.
   */
  private reopenLater(connectionId: number, userId: number): void {
    const state = this.reopening.get(connectionId) ?? { attempts: 0, cancel: null };
    if (this.stopped || state.cancel !== null) return;
    state.attempts += 1;
    const delay = Math.min(SESSION_RETRY_MAX_MS, this.deps.retryMs() * 2 ** (state.attempts - 1));
    state.cancel = this.deps.clock.after(delay, () => {
      state.cancel = null;
      if (!this.stopped) this.deps.listener.retry(userId);
    });
    this.reopening.set(connectionId, state);
  }
}
