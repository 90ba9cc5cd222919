import type { BrokerEvent, BrokerSession } from '../../brokers/types';
import { systemClock, type Clock } from './clock';
import { isLagging, LagWatch } from './lag-watch';
import { isCopyClientId } from './client-ids';
import type { EngineContext, EngineSettings } from './context';
import { copyOrderSeen } from './late-outcomes';
import { onLeaderFill } from './leader-fills';
import { CopyMetrics, observedStore } from './metrics';
import { onLeaderOrder } from './mirrors';
import type { AccountDirectory, ChangeListener, CopyStore, Notifier, RuleGuard } from './ports';
import { reconcileGroup } from './reconcile';
import { recoverUnresolved } from './recovery';
import { receivedAtOf } from './received-at';
import { checkRules } from './rule-checks';
import { allRules } from './rules/all-rules';
import { ownLimits } from './rules/own-limits';
import { flattenForRule } from './close-out';
import type { RequestBudget } from './budget';
import { BrokerSessions } from './sessions';
import { paceShortfallOf, throttleOf, type FollowerThrottle, type PaceShortfall } from './throttle';
import {
  brokerPositionSeen,
  brokerSnapshotSeen,
  copyGroupOf,
  leaderStateOf,
  copyFilled,
  followerFillHeard,
  forgetInflightCopies,
  leaderFillArrived,
  leaderOrderActive,
  markHeldByHand,
  newGroup,
  newLeaderState,
  newLiveAccount,
  settleInflightCopy,
  statusChanged,
  storeHeldByHand,
  type LeaderState,
  type LiveAccount,
  type SessionEntry,
  type UserGroup,
} from './state';
import type { EngineAccount, FollowerStatus } from './types';

export interface CopyEngineOptions {
  directory: AccountDirectory;
  store: CopyStore;
  notifier: Notifier;
  onChange?: ChangeListener;
  log?: (error: unknown, context: string) => void;
  /** Expected outcomes worth a trace (a cancel that met a filled order): below error level. */
  note?: (message: string, context: string) => void;
  settings?: Partial<EngineSettings>;
  clock?: Clock;
  /** Firm rules, asked after the follower's own limits (before every send and after every balance reading). */
  guard?: RuleGuard;
  /** How long a user lets a follower lag before the `lagging` outcome (their alert setting); absent: never. */
  lagAlertMs?: (userId: number) => Promise<number>;
}

const OK: FollowerStatus = { state: 'ok', reason: null };
/** How often auto-sync compares every follower with leader × ratio (the desk's "out of sync" delay). */
export const AUTO_SYNC_MS = 5_000;

/**
 * The copy engine: one broker session per enabled connection, every event routed to its user's copy
 * group, where leader fills and orders are turned into follower orders one event at a time.
 */
export class CopyEngine implements EngineContext {
  readonly accounts = new Map<number, EngineAccount>();
  readonly live = new Map<number, LiveAccount>();
  readonly groups = new Map<number, UserGroup>();
  readonly metrics = new CopyMetrics();
  readonly store: CopyStore;
  readonly directory: AccountDirectory;
  readonly notifier: Notifier;
  readonly guard: RuleGuard;
  readonly settings: EngineSettings;
  private readonly onChange: ChangeListener;
  private readonly logger: (error: unknown, context: string) => void;
  private readonly noter: (message: string, context: string) => void;
  readonly clock: Clock;
  private readonly brokerSessions: BrokerSessions;
  private readonly recovered = new Set<number>();
  /**
   * Accounts of recovered users whose session was not open when recovery ran, by user: their stored copies are
   * looked up once their session opens.
   */
  private readonly unrecovered = new Map<number, Set<number>>();
  private stopped = false;
  private stopAutoSync: (() => void) | null = null;
  /** Users whose last auto-sync check has not finished yet: ticks do not pile up behind a slow broker. */
  private readonly checking = new Set<number>();
  private readonly lagWatch: LagWatch | null;

  constructor(options: CopyEngineOptions) {
    this.store = observedStore(options.store, this.metrics);
    this.directory = options.directory;
    this.notifier = options.notifier;
    this.guard = options.guard === undefined ? ownLimits : allRules(ownLimits, options.guard);
    this.onChange = options.onChange ?? (() => undefined);
    this.logger = options.log ?? (() => undefined);
    this.noter = options.note ?? (() => undefined);
    this.settings = {
      mirrorSettleMs: 1_000,
      bracketPairMs: 500,
      sendRetries: 2,
      copySettleMs: 1_500,
      sessionRetryMs: 5_000,
      autoSyncMs: AUTO_SYNC_MS,
      ...options.settings,
    };
    this.clock = options.clock ?? systemClock;
    const { lagAlertMs } = options;
    this.lagWatch =
      lagAlertMs === undefined
        ? null
        : new LagWatch({
            clock: this.clock,
            lagAlertMs,
            lagged: (accountId, lagMs) => this.lagged(accountId, lagMs),
            log: (error, context) => this.log(error, context),
          });
    this.guard.onDeadline?.(async (userId, accountId, reason) => {
      if (this.stopped) return false;
      let acted = false;
      await this.enqueueFirst(userId, async () => {
        acted = await flattenForRule(this, accountId, reason);
      });
      return acted;
    });
    this.brokerSessions = new BrokerSessions({
      directory: this.directory,
      clock: this.clock,
      retryMs: () => this.settings.sessionRetryMs,
      log: (error, context) => this.log(error, context),
      listener: {
        opened: (accounts) => {
          for (const account of accounts)
            if (this.live.get(account.id)?.status.state === 'disconnected') this.setStatus(account.id, OK);
        },
        failed: (accounts, reason) => {
          for (const account of accounts) this.setStatus(account.id, { state: 'disconnected', reason });
        },
        retry: (userId) => void this.refreshUser(userId),
        feed: (entry, event) => this.onEvent(entry, event),
        connection: (entry, event) => this.onConnection(entry, event),
      },
    });
  }

  /** Open broker sessions by connection id. */
  get sessions(): ReadonlyMap<number, SessionEntry> {
    return this.brokerSessions.entries;
  }

  /**
   * The request budget of each broker login this engine's sessions use, by broker user: several server nodes
   * using one login each spend their share of it (`RequestBudget.share`).
   */
  loginBudgets(): ReadonlyMap<string, RequestBudget> {
    return this.brokerSessions.loginBudgets();
  }

  log(error: unknown, context: string): void {
    this.logger(error, context);
  }

  note(message: string, context: string): void {
    this.noter(message, context);
  }

  changed(userId: number): void {
    this.onChange(userId);
  }

  setStatus(accountId: number, status: FollowerStatus): void {
    const live = this.live.get(accountId);
    const account = this.accounts.get(accountId);
    if (live === undefined || account === undefined) return;
    if (!statusChanged(live, status)) return;
    this.lagWatch?.changed(accountId, account.userId, status);
    this.changed(account.userId);
  }

  private lagged(accountId: number, lagMs: number): void {
    const account = this.accounts.get(accountId);
    const status = this.live.get(accountId)?.status;
    if (this.stopped || account === undefined || status === undefined || !isLagging(status)) return;
    this.notifier.notify(
      account.userId,
      {
        kind: 'lagging',
        accountName: account.name,
        state: status.state === 'rate_limited' ? 'rate_limited' : 'out_of_sync',
        lagSeconds: Math.round(lagMs / 1000),
        reason: status.reason ?? '',
      },
      accountId,
    );
  }

  heldByHandChanged(accountId: number): void {
    const live = this.live.get(accountId);
    if (live === undefined) return;
    storeHeldByHand(
      live,
      accountId,
      (id, symbols) => this.directory.storeHeldByHand(id, symbols),
      (error, context) => this.log(error, context),
    );
  }

  enqueue(userId: number, job: () => Promise<void>): Promise<void> {
    return this.group(userId).jobs.add(job);
  }

  enqueueFirst(userId: number, job: () => Promise<void>): Promise<void> {
    return this.group(userId).jobs.addFirst(job);
  }

  async start(): Promise<void> {
    await this.store.open();
    for (const userId of await this.directory.activeUsers()) await this.refreshUser(userId);
    if (this.settings.autoSyncMs > 0 && !this.stopped) {
      this.stopAutoSync = this.clock.every(this.settings.autoSyncMs, () => this.autoSyncAll());
    }
  }

  private autoSyncAll(): void {
    for (const group of this.groups.values()) {
      if (group.leaders.size === 0 || this.checking.has(group.userId)) continue;
      this.checking.add(group.userId);
      void this.autoSync(group.userId).finally(() => this.checking.delete(group.userId));
    }
  }

  /** (Re)loads a user's accounts and settings, opens or closes sessions, then reconciles. */
  refreshUser(userId: number): Promise<void> {
    return this.enqueue(userId, () => this.load(userId));
  }

  /**
   * Sync: brings followers (all, or the given ones) to leader × ratio now, auto-sync or not. Resolves once a
   * follower that had to be looked at again (a copy just acknowledged) was.
   */
  async sync(userId: number, followerIds?: readonly number[]): Promise<void> {
    const group = this.group(userId);
    await this.enqueue(userId, () =>
      reconcileGroup(this, group, {
        force: true,
        overrideHand: true,
        ...(followerIds === undefined ? {} : { followerIds }),
      }),
    );
    await Promise.all([...group.rechecks.values()].map((recheck) => recheck.done));
  }

  /**
   * The auto-sync check: followers that differ from leader × ratio are corrected (auto-sync on) or flagged
   * out of sync (auto-sync off). Runs every `autoSyncMs` for every user, and on demand.
   */
  autoSync(userId: number): Promise<void> {
    const group = this.group(userId);
    return this.enqueue(userId, () => reconcileGroup(this, group, { force: false }));
  }

  /** Waits until the user's queue, sends and looks again are settled (tests, shutdown). */
  async idle(userId: number): Promise<void> {
    const group = this.group(userId);
    for (let round = 0; round < 20; round += 1) {
      const count = group.jobs.count;
      await group.jobs.settled();
      await this.queuedTurns(group);
      await Promise.allSettled([...group.inflight.values()].flatMap((set) => [...set]));
      await Promise.all([...group.rechecks.values()].map((recheck) => recheck.done));
      await new Promise((resolve) => setImmediate(resolve));
      if (
        count === group.jobs.count &&
        group.rechecks.size === 0 &&
        [...group.accountIds].every((id) => this.queuedFor(id) === 0) &&
        [...group.inflight.values()].every((set) => set.size === 0)
      )
        return;
    }
  }

  /** Why the group this account leads copies no entries now (its own firm-rule breach), or null (desk). */
  leaderBreachOf(userId: number, leaderId: number): string | null {
    return this.guard.leaderBreach?.(userId, leaderId) ?? null;
  }

  /** The follower waiting on its login's budget (desk), or null. */
  throttleOf(accountId: number): FollowerThrottle | null {
    return throttleOf(this, accountId);
  }

  /** The follower's login cannot keep up with the leader's recent pace: the arithmetic (desk), or null. */
  paceShortfallOf(accountId: number): PaceShortfall | null {
    return paceShortfallOf(this, accountId);
  }

  /** Copies of this follower waiting for its login's request budget. */
  queuedFor(accountId: number): number {
    const account = this.accounts.get(accountId);
    const entry = account === undefined ? undefined : this.sessions.get(account.connectionId);
    return entry?.budget.waitingFor(accountId) ?? 0;
  }

  /** Copies of the group's followers waiting for their login's budget have had their turn. */
  private async queuedTurns(group: UserGroup): Promise<void> {
    const budgets = new Set([...group.connectionIds].map((id) => this.sessions.get(id)?.budget));
    for (const budget of budgets) await budget?.drained(group.accountIds);
  }

  sessionOf(accountId: number): { account: EngineAccount; session: BrokerSession } | undefined {
    const account = this.accounts.get(accountId);
    const entry = account === undefined ? undefined : this.sessions.get(account.connectionId);
    return account === undefined || entry === undefined ? undefined : { account, session: entry.session };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopAutoSync?.();
    this.lagWatch?.stop();
    for (const group of this.groups.values()) for (const recheck of group.rechecks.values()) recheck.cancel();
    await this.brokerSessions.stop();
    await Promise.all([...this.groups.values()].map((group) => group.jobs.settled()));
    await this.store.flush();
  }

  private group(userId: number): UserGroup {
    let group = this.groups.get(userId);
    if (group === undefined) {
      group = newGroup(userId, (error) => this.log(error, `copy group ${userId}`));
      this.groups.set(userId, group);
    }
    return group;
  }

  private async load(userId: number): Promise<void> {
    const group = this.group(userId);
    const list = await this.directory.loadUser(userId);
    for (const id of group.accountIds) {
      if (list.some((account) => account.id === id)) continue;
      this.accounts.delete(id);
      this.live.delete(id);
      // A deleted account's lag is over: its timer and its one-alert mark go with it.
      this.lagWatch?.end(id);
    }
    for (const account of list) {
      const live = this.live.get(account.id);
      if (live === undefined) this.live.set(account.id, newLiveAccount(OK, account.heldByHand ?? []));
      else if (live.status.state === 'risk_stopped' && account.isFollower) statusChanged(live, OK);
      this.accounts.set(account.id, account);
    }
    group.accountIds = new Set(list.map((account) => account.id));
    // A user with no accounts here (all deleted, or the group moved to another node) recovers again if they return.
    if (list.length === 0) {
      this.recovered.delete(userId);
      this.unrecovered.delete(userId);
    }
    // Each group's leader is known before its session opens: its first events are the leader's. A leader that
    // stays keeps its state (its count, its mirrors); a new one starts uncounted.
    const leaders = new Map<number, LeaderState>();
    for (const account of list) {
      const copyGroupId = copyGroupOf(account);
      if (!account.isLeader || !account.enabled || leaders.has(copyGroupId)) continue;
      const kept = group.leaders.get(copyGroupId);
      leaders.set(
        copyGroupId,
        kept?.accountId === account.id ? kept : newLeaderState(account.id, copyGroupId),
      );
    }
    group.leaders = leaders;
    await this.guard.prepare(userId).catch((error: unknown) => this.log(error, `firm rules ${userId}`));
    group.connectionIds = await this.brokerSessions.sync(group.connectionIds, list);
    if (list.length > 0 && !this.recovered.has(userId)) {
      this.recovered.add(userId);
      this.unrecovered.set(userId, new Set(list.map((account) => account.id)));
    }
    // Followers whose copies were lost in a crash are corrected even with auto-sync off, in the same pass.
    const unsent = await this.recoverReachable(userId);
    await reconcileGroup(this, group, { force: false, forcedFollowerIds: unsent });
    this.changed(userId);
  }

  /**
   * Looks up the stored copies of the user's accounts not recovered yet whose session is open now; the others
   * wait for their session (a broker down at the restart). Each account's copies are looked up once.
   */
  private async recoverReachable(userId: number): Promise<number[]> {
    const waiting = this.unrecovered.get(userId);
    const due = [...(waiting ?? [])].filter((id) => this.sessionOf(id) !== undefined);
    for (const id of due) waiting?.delete(id);
    return recoverUnresolved(this, due);
  }

  private onEvent(
    entry: SessionEntry,
    event: Extract<BrokerEvent, { kind: 'fill' | 'order' | 'position' | 'account' }>,
  ): void {
    const receivedAt = receivedAtOf(event, this.clock.now());
    const account = this.accountOf(entry, event);
    if (account === undefined) return;
    const group = this.group(account.userId);
    const leader = leaderStateOf(group, account.id);
    const isLeader = leader !== null;
    if (event.kind === 'fill' || event.kind === 'order') {
      const clientOrderId = event.kind === 'fill' ? event.clientOrderId : event.order.clientOrderId;
      this.store.recordBrokerEvent(
        account,
        event,
        isLeader ? 'leader' : isCopyClientId(clientOrderId) ? 'copy' : 'manual',
      );
      if (leader === null) {
        this.onFollowerTrade(account, event);
        return;
      }
      leaderOrderActive(leader, event.kind === 'fill' ? event.orderId : event.order.orderId, receivedAt);
      if (event.kind === 'fill') {
        leaderFillArrived(leader, event);
        void this.enqueue(account.userId, () => onLeaderFill(this, group, leader, event, receivedAt));
      } else
        void this.enqueue(account.userId, () => onLeaderOrder(this, group, leader, event.order, receivedAt));
      return;
    }
    this.applyEvent(entry, event);
  }

  /**
   * A follower's own orders and fills: a copy's fill moves it from "on its way" into the broker's position; a
   * copy that ends unfilled is no longer on its way; a trade a person made by hand is left alone.
   */
  private onFollowerTrade(
    account: EngineAccount,
    event: Extract<BrokerEvent, { kind: 'fill' | 'order' }>,
  ): void {
    const live = this.live.get(account.id);
    if (live === undefined) return;
    if (event.kind === 'order') {
      copyOrderSeen(this, account, event.order);
      const { clientOrderId, status } = event.order;
      if (clientOrderId !== null && (status === 'Canceled' || status === 'Rejected'))
        settleInflightCopy(live, clientOrderId);
      return;
    }
    followerFillHeard(live, event, this.clock.now());
    if (isCopyClientId(event.clientOrderId)) {
      if (event.clientOrderId !== null) copyFilled(live, event.clientOrderId, event.fillId, event.qty);
      return;
    }
    if (account.isFollower && !account.isLeader && markHeldByHand(live, event.symbol)) {
      this.heldByHandChanged(account.id);
      // Shown on the desk once the hand-made position is compared with leader × ratio.
      const group = this.group(account.userId);
      void this.enqueue(account.userId, () =>
        reconcileGroup(this, group, { force: false, followerIds: [account.id] }),
      );
    }
  }

  private applyEvent(
    entry: SessionEntry,
    event: Extract<BrokerEvent, { kind: 'position' | 'account' }>,
  ): void {
    const account = this.accountOf(entry, event);
    const live = account === undefined ? undefined : this.live.get(account.id);
    if (account === undefined || live === undefined) return;
    if (event.kind === 'position') {
      brokerPositionSeen(live, event.position, this.clock.now());
    } else {
      brokerSnapshotSeen(live, event.account);
      void checkRules(this, account, event.account);
    }
    this.changed(account.userId);
  }

  /** The sessions' statuses on the desk follow the feed; a feed back up is checked against leader × ratio. */
  private onConnection(
    entry: SessionEntry,
    event: Extract<BrokerEvent, { kind: 'connection' | 'reauth_required' }>,
  ): void {
    const up = entry.up;
    const ids = [...entry.byExternalId.values()];
    const first = ids.map((id) => this.accounts.get(id)).find((a) => a !== undefined);
    for (const id of ids) {
      const state = this.live.get(id)?.status.state;
      if (state === 'risk_stopped') continue;
      if (up) {
        // The session took a fresh snapshot: copies whose fills were missed meanwhile are in its positions.
        const live = this.live.get(id);
        if (live !== undefined) forgetInflightCopies(live);
        if (state === 'disconnected' || state === 'reauth_required') this.setStatus(id, OK);
      } else {
        const reason =
          event.kind === 'reauth_required' ? event.reason : (event.reason ?? 'The broker connection dropped');
        this.setStatus(id, {
          state: event.kind === 'reauth_required' ? 'reauth_required' : 'disconnected',
          reason,
        });
      }
    }
    if (first === undefined) return;
    if (up) {
      const group = this.group(first.userId);
      void this.enqueue(first.userId, () => reconcileGroup(this, group, { force: false }));
    } else {
      this.notifier.notify(
        first.userId,
        event.kind === 'reauth_required'
          ? { kind: 'reauth_required', reason: event.reason }
          : { kind: 'connection_lost', reason: event.reason ?? null },
      );
    }
  }

  private accountOf(
    entry: SessionEntry,
    event: Extract<BrokerEvent, { kind: 'fill' | 'order' | 'position' | 'account' }>,
  ): EngineAccount | undefined {
    const externalId =
      event.kind === 'fill'
        ? event.accountExternalId
        : event.kind === 'order'
          ? event.order.accountExternalId
          : event.kind === 'position'
            ? event.position.accountExternalId
            : event.account.accountExternalId;
    const id = entry.byExternalId.get(externalId);
    return id === undefined ? undefined : this.accounts.get(id);
  }
}
