import { buildCalendar, calendarWarnings, type NewsCalendar } from '../calendar/calendar';
import {
  evaluateAccount,
  initialGuardState,
  type GuardEnv,
  type GuardState,
  type Headroom,
} from '../rule-decisions';
import type { NewsEvent } from '../rules/news';
import type { PropStore } from '../store/prop-store';
import type { RuleMail } from './rule-mail';
import type { NewsKind, PropRules } from '../types';
import { luxonZones, tradingDayKey, type ZoneCalc } from '../zone-calc';

/** One user's guarded accounts, as the guard holds them in memory (the engine's hot path reads only this). */
export interface UserRules {
  rules: Map<number, PropRules>;
  states: Map<number, GuardState>;
  events: NewsEvent[];
}

export interface GuardOptions {
  /** E-mails the trader when a rule acts (rate-limited); none: no mail. */
  mail?: Pick<RuleMail, 'ruleActed'>;
  now?: () => number;
  zones?: ZoneCalc;
  calendar?: NewsCalendar;
}

/**
 * The server's prop-firm guard: the rules and memory of every guarded account, the shipped calendar plus each
 * user's own events. Reads the database when a user is loaded or changed, never on the engine's hot path.
 */
export class PropGuard {
  readonly now: () => number;
  readonly zones: ZoneCalc;
  private shipped: NewsCalendar;
  private readonly users = new Map<number, Promise<UserRules>>();
  private readonly mail: Pick<RuleMail, 'ruleActed'> | null;

  constructor(
    readonly store: PropStore,
    options: GuardOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.zones = options.zones ?? luxonZones;
    this.shipped = options.calendar ?? buildCalendar();
    this.mail = options.mail ?? null;
  }

  /** The shipped calendar, with the publishers' imported dates once an import ran. */
  get calendar(): NewsCalendar {
    return this.shipped;
  }

  /** The imported calendar replaces the one in use; users are read again with it on their next load. */
  setCalendar(calendar: NewsCalendar): void {
    this.shipped = calendar;
    this.users.clear();
  }

  /** A rule acted on one of the user's accounts: the trader is e-mailed (at most one mail per burst). */
  ruleActed(userId: number, accountId: number, reason: string): void {
    this.mail?.ruleActed(userId, accountId, reason);
  }

  /** The user's rules, states and events (read once, then kept until `reload`). */
  load(userId: number): Promise<UserRules> {
    let loading = this.users.get(userId);
    if (loading === undefined) {
      loading = this.read(userId);
      this.users.set(userId, loading);
      loading.catch(() => this.users.delete(userId));
    }
    return loading;
  }

  /** Reads the user again (after the rules or events changed). */
  reload(userId: number): Promise<UserRules> {
    this.users.delete(userId);
    return this.load(userId);
  }

  private async read(userId: number): Promise<UserRules> {
    const [rules, own] = await Promise.all([this.store.rulesOfUser(userId), this.store.eventsOf(userId)]);
    const states = await this.store.statesOf([...rules.keys()]);
    const events = [...this.calendar.events, ...own].sort((a, b) => a.time - b.time);
    return { rules, states, events };
  }

  /** Stores an account's memory (the engine's guard calls it behind the hot path). */
  saveState(accountId: number, state: GuardState): Promise<void> {
    return this.store.putState(accountId, state);
  }

  env(user: UserRules): GuardEnv {
    return { now: this.now(), zones: this.zones, events: user.events };
  }

  stateOf(user: UserRules, accountId: number, rules: PropRules): GuardState {
    return user.states.get(accountId) ?? initialGuardState(rules, this.env(user));
  }

  /** The last date each kind has events for, the user's own events counted. */
  private coverageOf(user: UserRules): Record<NewsKind, string | null> {
    const coverage = { ...this.calendar.coverage };
    for (const event of user.events) {
      const date = this.zones.localDate(event.time, 'America/New_York');
      if ((coverage[event.kind] ?? '') < date) coverage[event.kind] = date;
    }
    return coverage;
  }

  /** What the server says about its calendar for the kinds these rules watch (the user's events count too). */
  warnings(user: UserRules, rules: PropRules | null): string[] {
    if (rules === null || !rules.news.enabled) return [];
    const coverage = this.coverageOf(user);
    return calendarWarnings({ events: user.events, coverage }, rules.news.kinds as NewsKind[], this.now());
  }

  /** The watched kinds whose known dates end within `warnDays` (null: none known), for the desk to show. */
  calendarEnds(
    user: UserRules,
    rules: PropRules | null,
    warnDays = 30,
  ): Array<{ kind: NewsKind; last_date: string | null }> {
    if (rules === null || !rules.news.enabled) return [];
    const coverage = this.coverageOf(user);
    const horizon = this.zones.localDate(this.now() + warnDays * 24 * 3600_000, 'America/New_York');
    return (rules.news.kinds as NewsKind[])
      .filter((kind) => (coverage[kind] ?? '') < horizon)
      .map((kind) => ({ kind, last_date: coverage[kind] }));
  }

  /** Distance to the limits of one guarded account, from its last equity reading. */
  headroom(user: UserRules, accountId: number): { headroom: Headroom; stopped: string | null } | null {
    const rules = user.rules.get(accountId);
    if (rules === undefined) return null;
    const env = this.env(user);
    const state = this.stateOf(user, accountId, rules);
    const equity = state.day?.lastEquity ?? rules.drawdown.startingBalance;
    const { headroom } = evaluateAccount(rules, env, state, equity);
    const today = tradingDayKey(this.zones, env.now, rules.dayStart);
    let stopped: string | null = state.stoppedForDay?.dayKey === today ? state.stoppedForDay.reason : null;
    if (
      stopped === null &&
      rules.drawdown.enabled &&
      headroom.toFloor !== null &&
      headroom.toFloor <= rules.drawdown.buffer
    )
      stopped = 'Trailing drawdown: equity within the buffer of the floor';
    return { headroom, stopped };
  }
}
