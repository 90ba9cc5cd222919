// The prop-firm rules behind the copy engine's one guard port (`RuleGuard` in copier/engine/ports.ts).
import {
  decideOrder,
  evaluateAccount,
  initialGuardState,
  type GuardAction,
  type GuardEnv,
  type GuardState,
  type OrderDecision,
} from './rule-decisions';
import { customRules } from './presets';
import type { UserRules } from './service/prop-guard';
import type { PropRules } from './types';
import { tradingDayKey, type ZoneCalc } from './zone-calc';
import { flatByStatus } from './rules/flat-by';
import type { NewsEvent } from './rules/news';

/** Where the engine's guard gets each user's rules and keeps each account's memory. */
export interface GuardSource {
  now: () => number;
  zones: ZoneCalc;
  load(userId: number): Promise<UserRules>;
  /** Stores an account's memory (behind the hot path). */
  saveState(accountId: number, state: GuardState): Promise<void>;
  /** A rule acted on an account (clipped or refused a copy, flattened, stopped): the trader is e-mailed. */
  ruleActed?(userId: number, accountId: number, reason: string): void;
  /** Runs `run` after `ms` (the flat-by timers); answers a cancel. Defaults to an unref'd `setTimeout`. */
  after?(ms: number, run: () => void): () => void;
}

/** A timer never waits longer than this before it looks again (clock changes, long waits). */
export const MAX_TIMER_MS = 60 * 60_000;

function realTimer(ms: number, run: () => void): () => void {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/** Someone to tell when an account's flat-by deadline came. */
export type DeadlineListener = (userId: number, accountId: number, reason: string) => Promise<boolean>;

/** One order the engine is about to send (or plan). */
export interface GuardedOrder {
  userId: number;
  accountId: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
}

/** What the engine knows of positions: the account's own (copies on their way included), and the user's others. */
export interface PositionsView {
  positionsOf(accountId: number): ReadonlyMap<string, number>;
  /** The user's accounts, across all of the trader's copy groups (the guard picks those at the same firm). */
  accountIds: readonly number[];
  /**
   * The leader of the account's copy group (null: none): a leader's breach holds back its own group only. Absent:
   * every breach of the trader counts.
   */
  leaderOf?(accountId: number): number | null;
}

/** What the engine does after an equity reading. */
export interface EquityOutcome {
  /** For a follower: flatten (and stop following for good, or for the day). */
  actions: GuardAction[];
  /** For a leader that broke its own rule: why the group now copies no entries (new breaches only). */
  leaderBreach: string | null;
}

const PASS: OrderDecision = { qty: 0, rule: null, reason: null, closeFirst: [] };

/**
 * The port the copy engine calls: `check` before every send (synchronous, memory only), `onEquity` with every
 * balance reading. A user's rules are read by `prepare` (when the engine loads the user), never on the hot path.
 */
export class EngineGuard {
  private readonly users = new Map<number, UserRules>();
  /** By trader, by leader account: a breach holds back the breaching leader's group only. */
  private readonly leaderBreaches = new Map<
    number,
    Map<number, { reason: string; until: string | null; dayStart: PropRules['dayStart'] }>
  >();
  private readonly noRules = customRules();
  private readonly timers = new Map<number, () => void>();
  private deadlineListener: DeadlineListener | null = null;

  constructor(
    private readonly source: GuardSource,
    private readonly log: (error: unknown, context: string) => void = () => undefined,
  ) {}

  async prepare(userId: number): Promise<void> {
    this.users.set(userId, await this.source.load(userId));
    this.leaderBreaches.delete(userId);
    this.armDeadlines(userId);
  }

  forget(userId: number): void {
    this.users.delete(userId);
    this.leaderBreaches.delete(userId);
    this.timers.get(userId)?.();
    this.timers.delete(userId);
  }

  /** Told at each account's flat-by time (the engine flattens it through its normal send path). */
  onDeadline(listener: DeadlineListener): void {
    this.deadlineListener = listener;
  }

  /**
   * One timer per user, for the earliest flat-by window to come among its accounts; a window already open
   * and not yet flattened (a restart inside it) fires at once. Each window is flattened once: the mark is the
   * same the equity readings use, so a reading inside the window does not flatten again.
   */
  private armDeadlines(userId: number): void {
    this.timers.get(userId)?.();
    this.timers.delete(userId);
    const user = this.users.get(userId);
    if (user === undefined) return;
    const now = this.source.now();
    let next = Infinity;
    for (const [accountId, rules] of user.rules) {
      if (!rules.flatBy.enabled) continue;
      const status = flatByStatus(this.source.zones, rules.flatBy, now);
      const flattened = user.states.get(accountId)?.flattenedWindow ?? null;
      if (status.blocked && flattened !== status.windowStart) next = now;
      else if (status.blocked)
        next = Math.min(next, flatByStatus(this.source.zones, rules.flatBy, status.reopensAt).windowStart);
      else next = Math.min(next, status.windowStart);
    }
    if (next === Infinity) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, next - now));
    const after = this.source.after ?? realTimer;
    this.timers.set(
      userId,
      after(wait, () => {
        this.timers.delete(userId);
        if (this.users.get(userId) !== user) return;
        this.deadlinesDue(userId, user);
        this.armDeadlines(userId);
      }),
    );
  }

  private deadlinesDue(userId: number, user: UserRules): void {
    const now = this.source.now();
    for (const [accountId, rules] of user.rules) {
      if (!rules.flatBy.enabled) continue;
      const status = flatByStatus(this.source.zones, rules.flatBy, now);
      const state = user.states.get(accountId) ?? this.initial(user, accountId, rules);
      if (!status.blocked || state.flattenedWindow === status.windowStart) continue;
      const marked: GuardState = { ...state, flattenedWindow: status.windowStart };
      user.states.set(accountId, marked);
      this.source
        .saveState(accountId, marked)
        .catch((error: unknown) => this.log(error, `prop state ${accountId}`));
      const reason = `Flat-by: flattened ${rules.flatBy.minutesBefore} min before the firm's ${rules.flatBy.deadline.time} deadline (${rules.flatBy.deadline.zone})`;
      this.flattenAtDeadline(userId, accountId, reason);
    }
  }

  /** The engine flattens through its send path; mailed only when it did (not a leader, not a follower flat). */
  private flattenAtDeadline(userId: number, accountId: number, reason: string): void {
    void this.deadlineListener?.(userId, accountId, reason).then(
      (acted) => {
        if (acted) this.told(userId, accountId, reason);
      },
      (error: unknown) => this.log(error, `flat-by ${accountId}`),
    );
  }

  rulesOf(userId: number, accountId: number): PropRules | undefined {
    return this.users.get(userId)?.rules.get(accountId);
  }

  private env(user: UserRules): GuardEnv {
    return { now: this.source.now(), zones: this.source.zones, events: user.events as NewsEvent[] };
  }

  /**
   * The leader of the account's group broke its own rule (entries are not copied), or null. `leaderId` undefined:
   * the first breach of any of the trader's leaders.
   */
  leaderBreachOf(userId: number, leaderId?: number | null): string | null {
    const breaches = this.leaderBreaches.get(userId);
    if (breaches === undefined || leaderId === null) return null;
    for (const [id, breach] of breaches) {
      if (leaderId !== undefined && id !== leaderId) continue;
      const day = tradingDayKey(this.source.zones, this.source.now(), breach.dayStart);
      if (breach.until !== null && breach.until !== day) {
        breaches.delete(id);
        continue;
      }
      return breach.reason;
    }
    return null;
  }

  /**
   * How much of an order may go: all of it (`rule` null), part of it (max contracts), or only its closing part
   * (an entry refused by a window, a stop for the day, hedging or a leader breach). Exits always pass.
   */
  check(order: GuardedOrder, view: PositionsView): OrderDecision {
    const user = this.users.get(order.userId);
    const leaderBreach = this.leaderBreachOf(order.userId, view.leaderOf?.(order.accountId));
    const rules = user?.rules.get(order.accountId);
    if (user === undefined || (rules === undefined && leaderBreach === null))
      return { ...PASS, qty: order.qty };
    const base = rules ?? this.noRules;
    const others =
      base.firm === 'custom'
        ? []
        : view.accountIds
            .filter((id) => id !== order.accountId && user.rules.get(id)?.firm === base.firm)
            .map((id) => ({ accountId: id, positions: view.positionsOf(id) }));
    const state =
      rules === undefined
        ? initialGuardState(base, this.env(user))
        : (user.states.get(order.accountId) ?? this.initial(user, order.accountId, base));
    const decision = decideOrder(base, this.env(user), state, {
      symbol: order.symbol,
      signedQty: order.side === 'buy' ? order.qty : -order.qty,
      positions: view.positionsOf(order.accountId),
      others,
      leaderBreach,
    });
    // Only what actually holds a copy back is told (a copy clipped when planned passes whole when sent).
    if (decision.reason !== null && decision.qty < order.qty)
      this.told(order.userId, order.accountId, decision.reason);
    return decision;
  }

  private told(userId: number, accountId: number, reason: string): void {
    try {
      this.source.ruleActed?.(userId, accountId, reason);
    } catch (error: unknown) {
      this.log(error, `rule acted ${accountId}`);
    }
  }

  private initial(user: UserRules, accountId: number, rules: PropRules): GuardState {
    const state = initialGuardState(rules, this.env(user));
    user.states.set(accountId, state);
    return state;
  }

  /** A balance reading (cash balance plus open P&L) of a guarded account. */
  onEquity(userId: number, accountId: number, equity: number, role: 'leader' | 'follower'): EquityOutcome {
    const user = this.users.get(userId);
    const rules = user?.rules.get(accountId);
    if (user === undefined || rules === undefined || !Number.isFinite(equity))
      return { actions: [], leaderBreach: null };
    const previous = user.states.get(accountId) ?? this.initial(user, accountId, rules);
    const { state, actions } = evaluateAccount(rules, this.env(user), previous, equity);
    user.states.set(accountId, state);
    if (significant(previous, state))
      this.source
        .saveState(accountId, state)
        .catch((error: unknown) => this.log(error, `prop state ${accountId}`));
    if (role === 'follower') {
      // A reading that comes first into a flat-by window (before its timer) flattens the same way as the timer:
      // through the engine's send path, with the reason on each order.
      const atDeadline = this.deadlineListener === null ? [] : actions.filter((a) => a.rule === 'flat_by');
      for (const action of atDeadline) this.flattenAtDeadline(userId, accountId, action.reason);
      const rest = actions.filter((action) => !atDeadline.includes(action));
      for (const action of rest) this.told(userId, accountId, action.reason);
      return { actions: rest, leaderBreach: null };
    }
    // The leader is the user's own trading: it is never flattened by the copier, its followers stop entering.
    const breach = actions.find((action) => action.kind !== 'flatten');
    const breaches = this.leaderBreaches.get(userId) ?? new Map();
    if (breach === undefined || breaches.has(accountId)) return { actions: [], leaderBreach: null };
    const until =
      breach.kind === 'flatten_for_day'
        ? tradingDayKey(this.source.zones, this.source.now(), rules.dayStart)
        : null;
    const reason = `The leader broke its own firm rule (${breach.reason}): entries are not copied`;
    breaches.set(accountId, { reason, until, dayStart: rules.dayStart });
    this.leaderBreaches.set(userId, breaches);
    this.told(userId, accountId, reason);
    return { actions: [], leaderBreach: reason };
  }
}

/** Worth storing: what a restart must not lose (the mark, the day's start, the stops), not every tick. */
function significant(before: GuardState, after: GuardState): boolean {
  return (
    before.drawdown.highWater !== after.drawdown.highWater ||
    before.drawdown.dayKey !== after.drawdown.dayKey ||
    before.day?.dayKey !== after.day?.dayKey ||
    before.stoppedForDay?.dayKey !== after.stoppedForDay?.dayKey ||
    before.flattenedWindow !== after.flattenedWindow
  );
}

/** What the copy engine asks before a send: how much may go, and why not all of it. */
export interface SendVerdict {
  qty: number;
  reason: string | null;
}

/** What the copy engine does after an equity reading. */
export interface EquityVerdict {
  /** Flatten the account and cancel its working orders; `stopFollowing` for good (drawdown). */
  flatten: { reason: string; stopFollowing: boolean } | null;
  /** The group's leader broke its own rule just now: tell the user (entries are refused from now on). */
  leaderBreach: string | null;
}

/** A balance reading as the engine hands it to its rules (`BalanceReading` of its port). */
export interface FirmReading {
  account: { id: number; userId: number };
  leads: boolean;
  follows: boolean;
  state: string | null;
  snapshot: { cashBalance: number; openPnl: number };
}

/** What a reading asks of the engine (`ReadingVerdict` of its port). */
export interface FirmReadingVerdict {
  flatten: { kind: 'firm_rule'; reason: string; stopFollowing: boolean } | null;
  leaderBreach: string | null;
}

/** Firm rules do not shape the engine's plans: their max contracts are a gate (a copy is clipped, told). */
const UNBOUNDED = Object.freeze({ maxContractsPerOrder: Infinity, maxNetPosition: Infinity });

const QUIET: FirmReadingVerdict = Object.freeze({ flatten: null, leaderBreach: null });

/**
 * The guard as the engine sees it (its `RuleGuard` port): plain answers, no rule vocabulary. Hedging with
 * `close_first` is answered as a refusal: the engine does not close the user's other accounts itself.
 */
export class FirmRuleGuard {
  constructor(readonly guard: EngineGuard) {}

  prepare(userId: number): Promise<void> {
    return this.guard.prepare(userId);
  }

  forget(userId: number): void {
    this.guard.forget(userId);
  }

  onDeadline(listener: DeadlineListener): void {
    this.guard.onDeadline(listener);
  }

  leaderBreach(userId: number, leaderId: number): string | null {
    return this.guard.leaderBreachOf(userId, leaderId);
  }

  boundsOf(): { maxContractsPerOrder: number; maxNetPosition: number } {
    return UNBOUNDED;
  }

  gate(order: GuardedOrder, view: PositionsView): SendVerdict {
    const decision = this.guard.check(order, view);
    if (decision.closeFirst.length === 0) return { qty: decision.qty, reason: decision.reason };
    const held = view.positionsOf(order.accountId).get(order.symbol) ?? 0;
    const signed = order.side === 'buy' ? order.qty : -order.qty;
    const closing =
      held !== 0 && Math.sign(signed) !== Math.sign(held) ? Math.min(Math.abs(held), order.qty) : 0;
    return { qty: Math.min(closing, decision.qty), reason: decision.reason };
  }

  onEquity(userId: number, accountId: number, equity: number, role: 'leader' | 'follower'): EquityVerdict {
    const outcome = this.guard.onEquity(userId, accountId, equity, role);
    const stop = outcome.actions.find((action) => action.kind === 'flatten_and_stop');
    const first = stop ?? outcome.actions[0];
    return {
      flatten: first === undefined ? null : { reason: first.reason, stopFollowing: stop !== undefined },
      leaderBreach: outcome.leaderBreach,
    };
  }

  /**
   * A balance reading (cash balance plus open P&L) of the group's leader or of a follower. No close-out for the
   * leader (the user's own trading) nor for a follower the engine already stopped.
   */
  onReading(reading: FirmReading): FirmReadingVerdict {
    const { account, leads, snapshot } = reading;
    if (!leads && !reading.follows) return QUIET;
    const equity = snapshot.cashBalance + snapshot.openPnl;
    const verdict = this.onEquity(account.userId, account.id, equity, leads ? 'leader' : 'follower');
    const action = verdict.flatten;
    return {
      flatten:
        action === null || leads || reading.state === 'risk_stopped'
          ? null
          : { kind: 'firm_rule', ...action },
      leaderBreach: verdict.leaderBreach,
    };
  }
}
