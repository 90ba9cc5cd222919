import { consistencyStatus, type ConsistencyStatus } from './rules/consistency';
import { checkDaily, dayPnl, trackDay, type DayState } from './rules/daily-pnl';
import { checkDrawdown, initialDrawdown, trackEquity, type DrawdownState } from './rules/drawdown';
import { flatByStatus, minutesToFlatBy } from './rules/flat-by';
import { checkHedge, type HedgeConflict } from './rules/hedging';
import { checkMaxContracts } from './rules/max-contracts';
import { activeBlackout, nextBlackout, type NewsEvent } from './rules/news';
import type { PropRules, RuleName } from './types';
import { tradingDayKey, type ZoneCalc } from './zone-calc';

/** What the guard needs from the world: the time, the zone arithmetic and the news calendar. */
export interface GuardEnv {
  now: number;
  zones: ZoneCalc;
  events: readonly NewsEvent[];
}

/** What the guard remembers of one account (kept in memory, stored so it outlives a restart). */
export interface GuardState {
  drawdown: DrawdownState;
  day: DayState | null;
  /** Profit of each trading day seen (the last 60 kept), for the consistency rule. */
  dayProfits: Record<string, number>;
  /** Entries refused for the rest of this trading day, and why. */
  stoppedForDay: { dayKey: string; rule: RuleName; reason: string } | null;
  /** The flat-by window already flattened (its start), so it is flattened once. */
  flattenedWindow: number | null;
}

export function initialGuardState(rules: PropRules, env: GuardEnv): GuardState {
  const dayKey = tradingDayKey(env.zones, env.now, rules.dayStart);
  return {
    drawdown: initialDrawdown(rules.drawdown, dayKey),
    day: null,
    dayProfits: {},
    stoppedForDay: null,
    flattenedWindow: null,
  };
}

export interface OrderRequest {
  symbol: string;
  signedQty: number;
  /** The account's signed positions by contract, copies on their way included. */
  positions: ReadonlyMap<string, number>;
  /** Positions of the user's other accounts at the same firm (for the hedging rule). */
  others: ReadonlyArray<{ accountId: number; positions: ReadonlyMap<string, number> }>;
  /** The leader broke its own firm's rule: the group copies no entries (why), or null. */
  leaderBreach: string | null;
}

export interface OrderDecision {
  /** What may be sent of the order (0: nothing). */
  qty: number;
  /** The rule that clipped or refused it, and its reason (null: the order passes whole). */
  rule: RuleName | null;
  reason: string | null;
  /** Hedging with `close_first`: these positions are to be closed before the order goes. */
  closeFirst: HedgeConflict[];
}

/**
 * The check before every send: exits (what reduces the position) always pass; an entry is refused during a
 * flat-by window, a news blackout, a stop for the day or a leader breach, clipped to the max contracts, and
 * refused (or preceded by closing) when it would hedge the user's other accounts at the firm.
 */
export function decideOrder(
  rules: PropRules,
  env: GuardEnv,
  state: GuardState,
  order: OrderRequest,
): OrderDecision {
  const held = order.positions.get(order.symbol) ?? 0;
  const qty = Math.abs(order.signedQty);
  const closing =
    held !== 0 && Math.sign(order.signedQty) !== Math.sign(held) ? Math.min(Math.abs(held), qty) : 0;
  const pass: OrderDecision = { qty, rule: null, reason: null, closeFirst: [] };
  if (qty - closing === 0) return pass;
  const refuse = (rule: RuleName, reason: string): OrderDecision => ({
    qty: closing,
    rule,
    reason,
    closeFirst: [],
  });
  if (order.leaderBreach !== null) return refuse('leader_breach', order.leaderBreach);
  const dayKey = tradingDayKey(env.zones, env.now, rules.dayStart);
  if (state.stoppedForDay !== null && state.stoppedForDay.dayKey === dayKey)
    return refuse(state.stoppedForDay.rule, state.stoppedForDay.reason);
  if (rules.flatBy.enabled && flatByStatus(env.zones, rules.flatBy, env.now).blocked)
    return refuse(
      'flat_by',
      `Flat-by: no new entries from ${rules.flatBy.minutesBefore} min before ${rules.flatBy.deadline.time} until the session reopens at ${rules.flatBy.reopen.time}`,
    );
  const blackout = activeBlackout(rules.news, env.events, env.now, order.symbol);
  if (blackout !== null) return refuse('news', `News blackout: ${blackout.event.title}`);
  const size = checkMaxContracts(rules.maxContracts, order.positions, order);
  const hedge = checkHedge(
    rules.hedging,
    { symbol: order.symbol, signedQty: order.signedQty, held },
    order.others,
  );
  if (!hedge.ok && hedge.action === 'refuse') return refuse('hedging', hedge.reason);
  const clipped =
    size.reason === null
      ? pass
      : { ...pass, qty: size.qty, rule: 'max_contracts' as const, reason: size.reason };
  return hedge.ok
    ? clipped
    : {
        ...clipped,
        closeFirst: hedge.conflicts,
        rule: clipped.rule ?? 'hedging',
        reason: clipped.reason ?? hedge.reason,
      };
}

/** What the engine must do after a reading of the account's equity. */
export type GuardAction =
  /** Flatten, cancel working orders and stop following for good (drawdown). */
  | { kind: 'flatten_and_stop'; rule: RuleName; reason: string }
  /** Flatten, cancel working orders; entries refused until the next trading day. */
  | { kind: 'flatten_for_day'; rule: RuleName; reason: string }
  /** Flatten, cancel working orders before the firm's flat-by deadline. */
  | { kind: 'flatten'; rule: RuleName; reason: string };

export interface Headroom {
  /** Drawdown floor and equity above it (null: rule off). */
  floor: number | null;
  toFloor: number | null;
  /** Dollars left before the daily loss limit. */
  toDailyLoss: number | null;
  dayPnl: number;
  minutesToFlatBy: number | null;
  nextBlackout: { title: string; start: number; end: number } | null;
  consistency: ConsistencyStatus | null;
}

function money(value: number): string {
  const text = `$${Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  return value < 0 ? `-${text}` : text;
}

/**
 * Takes a reading of the account's equity (balance plus open P&L): moves the high-water mark and the day's
 * P&L, and says what must happen now.
 */
export function evaluateAccount(
  rules: PropRules,
  env: GuardEnv,
  previous: GuardState,
  equity: number,
): { state: GuardState; actions: GuardAction[]; headroom: Headroom } {
  const dayKey = tradingDayKey(env.zones, env.now, rules.dayStart);
  const day = trackDay(previous.day, equity, dayKey);
  const drawdown = trackEquity(rules.drawdown, previous.drawdown, equity, dayKey);
  const pnl = dayPnl(day);
  const profits = { ...previous.dayProfits, [dayKey]: pnl };
  const keys = Object.keys(profits).sort();
  for (const old of keys.slice(0, Math.max(0, keys.length - 60))) delete profits[old];
  const state: GuardState = { ...previous, day, drawdown, dayProfits: profits };
  if (state.stoppedForDay !== null && state.stoppedForDay.dayKey !== dayKey) state.stoppedForDay = null;
  const actions: GuardAction[] = [];
  const dd = checkDrawdown(rules.drawdown, drawdown, equity);
  const daily = checkDaily(rules.dailyLoss, rules.dailyProfit, pnl);
  const consistency = rules.consistency.enabled
    ? consistencyStatus(rules.consistency, new Map(Object.entries(profits)), dayKey)
    : null;
  if (dd.breached)
    actions.push({
      kind: 'flatten_and_stop',
      rule: 'drawdown',
      reason: `Trailing drawdown: equity ${money(equity)} is within ${money(rules.drawdown.buffer)} of the floor ${money(dd.floor)}`,
    });
  const stopDay = (rule: RuleName, reason: string): void => {
    if (state.stoppedForDay?.dayKey === dayKey) return;
    state.stoppedForDay = { dayKey, rule, reason };
    actions.push({ kind: 'flatten_for_day', rule, reason });
  };
  if (daily.lossReached)
    stopDay(
      'daily_loss',
      `Daily loss limit of ${money(rules.dailyLoss.amount)} reached (day P&L ${money(pnl)})`,
    );
  else if (daily.profitReached)
    stopDay(
      'daily_profit',
      `Daily profit target of ${money(rules.dailyProfit.amount)} reached (day P&L ${money(pnl)})`,
    );
  else if (consistency?.stop === true)
    stopDay('consistency', `Consistency: today's profit ${money(pnl)} reached what the best-day rule allows`);
  if (rules.flatBy.enabled) {
    const flat = flatByStatus(env.zones, rules.flatBy, env.now);
    if (flat.blocked && state.flattenedWindow !== flat.windowStart) {
      state.flattenedWindow = flat.windowStart;
      actions.push({
        kind: 'flatten',
        rule: 'flat_by',
        reason: `Flat-by: flat before ${rules.flatBy.deadline.time}`,
      });
    }
  }
  const blackout = nextBlackout(rules.news, env.events, env.now);
  return {
    state,
    actions,
    headroom: {
      floor: rules.drawdown.enabled ? dd.floor : null,
      toFloor: rules.drawdown.enabled ? dd.headroom : null,
      toDailyLoss: daily.lossHeadroom,
      dayPnl: pnl,
      minutesToFlatBy: minutesToFlatBy(env.zones, rules.flatBy, env.now),
      nextBlackout:
        blackout === null ? null : { title: blackout.event.title, start: blackout.start, end: blackout.end },
      consistency,
    },
  };
}
