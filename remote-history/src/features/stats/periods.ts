import { roundMoney } from '@synctrade/market';
import type { DayTotals, StatTrade } from './types';
import { summarize, summaryOfTotals, type TradeSummary, type TradeTotals } from './summary';

export type PeriodKind = 'day' | 'week';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYY-MM-DD` of a date in the browser's time zone. */
export function localDateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local date a trade belongs to: the day it closed. */
export function dayKey(isoTime: string): string {
  return localDateKey(new Date(isoTime));
}

/** The Monday (local) that starts the week of a `YYYY-MM-DD` day. */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return localDateKey(date);
}

export interface PeriodGroup<T extends StatTrade> {
  /** The day, or the Monday of the week, as `YYYY-MM-DD`. */
  key: string;
  trades: T[];
  summary: TradeSummary;
}

/** Trades grouped by the local day (or Monday-based week) they closed, newest period first. */
export function groupByPeriod<T extends StatTrade>(trades: readonly T[], kind: PeriodKind): PeriodGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const trade of trades) {
    const day = dayKey(trade.exit_time);
    const key = kind === 'day' ? day : weekStart(day);
    const list = groups.get(key);
    if (list) list.push(trade);
    else groups.set(key, [trade]);
  }
  return newestFirst(groups).map(([key, list]) => ({ key, trades: list, summary: summarize(list) }));
}

/** A day's or a week's card: the days in it that have trades (oldest first) and their statistics. */
export interface Period {
  /** The day, or the Monday of the week, as `YYYY-MM-DD`. */
  key: string;
  days: string[];
  summary: TradeSummary;
}

function newestFirst<T>(groups: Map<string, T>): [string, T][] {
  return [...groups.entries()].sort(([a], [b]) => (a < b ? 1 : -1));
}

function add(sum: TradeTotals, more: TradeTotals): void {
  sum.trades += more.trades;
  sum.wins += more.wins;
  sum.losses += more.losses;
  sum.grossProfit += more.grossProfit;
  sum.grossLoss += more.grossLoss;
  sum.netPnl += more.netPnl;
  sum.contracts += more.contracts;
}

/** Each day's totals (the server's, per local day) as day cards, or added up into Monday-based weeks; newest first. */
export function periodsOfDays(days: readonly DayTotals[], kind: PeriodKind): Period[] {
  const groups = new Map<string, { days: string[]; totals: TradeTotals }>();
  for (const { day, ...totals } of days) {
    const key = kind === 'day' ? day : weekStart(day);
    const group = groups.get(key);
    if (group) {
      group.days.push(day);
      add(group.totals, totals);
    } else groups.set(key, { days: [day], totals: { ...totals } });
  }
  return newestFirst(groups).map(([key, group]) => ({
    key,
    days: [...group.days].sort(),
    summary: summaryOfTotals(group.totals),
  }));
}

/** The same cards from the trades themselves (a server that answers every trade instead of per-day totals). */
export function periodsOfTrades(trades: readonly StatTrade[], kind: PeriodKind): Period[] {
  return groupByPeriod(trades, kind).map(({ key, trades: list, summary }) => ({
    key,
    days: [...new Set(list.map((trade) => dayKey(trade.exit_time)))].sort(),
    summary,
  }));
}

export interface CumulativePoint {
  day: string;
  pnl: number;
  cumulative: number;
}

/** Net P&L per trading day, oldest first, with the running total. */
export function dailyCumulative(trades: readonly StatTrade[]): CumulativePoint[] {
  const perDay = new Map<string, number>();
  for (const trade of trades) {
    const day = dayKey(trade.exit_time);
    perDay.set(day, (perDay.get(day) ?? 0) + trade.pnl);
  }
  let running = 0;
  return [...perDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, pnl]) => {
      running += pnl;
      return { day, pnl: roundMoney(pnl), cumulative: roundMoney(running) };
    });
}

export interface DayWinRate {
  winningDays: number;
  tradingDays: number;
  /** winningDays / tradingDays, null without trading days. */
  rate: number | null;
}

/** Winning days (net P&L above zero) over trading days. */
export function dayWinRate(points: readonly CumulativePoint[]): DayWinRate {
  const winningDays = points.filter((point) => point.pnl > 0).length;
  return {
    winningDays,
    tradingDays: points.length,
    rate: points.length ? winningDays / points.length : null,
  };
}
