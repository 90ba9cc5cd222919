import { useEffect, useMemo } from 'react';
import { dayTotalsOf, useHistoryStore } from '../../history';
import { dayKey, periodsOfDays, periodsOfTrades, type Period, type PeriodKind } from '../../stats';

export interface Periods {
  /** Newest first; empty until the range is loaded. */
  periods: Period[];
  /** The first and last day with trades, or null without trades. */
  span: [string, string] | null;
}

/** The first and last day the trades closed on, or null without trades. */
function tradeSpan(trades: readonly { exit_time: string }[]): [string, string] | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const trade of trades) {
    if (first === null || trade.exit_time < first) first = trade.exit_time;
    if (last === null || trade.exit_time > last) last = trade.exit_time;
  }
  return first && last ? [dayKey(first), dayKey(last)] : null;
}

/**
 * Daily and Weekly cards from the server's per-day figures of the range (the paged history the dashboard loads
 * too): at 100,000 trades that is one answer of a few hundred days instead of every trade. A server that answers
 * every trade, or sends days without their figures, gets the cards computed from the trades, as before.
 */
export function usePeriods(kind: PeriodKind): Periods {
  const trades = useHistoryStore((s) => s.trades);
  const serverPage = useHistoryStore((s) => s.serverPage);
  const status = useHistoryStore((s) => s.status);
  const load = useHistoryStore((s) => s.load);
  const days = useMemo(() => (serverPage ? dayTotalsOf(serverPage.days) : null), [serverPage]);
  const needsTrades = status === 'success' && serverPage !== null && days === null;
  useEffect(() => {
    if (!needsTrades) return;
    useHistoryStore.getState().setPaged(false);
    void load();
  }, [needsTrades, load]);
  return useMemo(() => {
    if (days) {
      const span: [string, string] | null = days.length ? [days[0]!.day, days.at(-1)!.day] : null;
      return { periods: periodsOfDays(days, kind), span };
    }
    if (serverPage) return { periods: [], span: null };
    return { periods: periodsOfTrades(trades, kind), span: tradeSpan(trades) };
  }, [days, serverPage, trades, kind]);
}
