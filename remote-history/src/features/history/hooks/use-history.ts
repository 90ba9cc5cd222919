import { useEffect, useMemo } from 'react';
import { dailyCumulative, dayWinRate, summarize } from '../../stats';
import { fromServerDays, fromServerSummary } from '../lib/server-stats';
import { useHistoryStore } from '../store/history-store';

/**
 * The range's statistics and per-day figures from the server, with the first page of trades: the dashboard, Daily
 * and Weekly all read it, so moving between them asks once per range.
 */
export function usePagedHistoryLoad(): void {
  const loadPage = useHistoryStore((s) => s.loadPage);
  useEffect(() => {
    useHistoryStore.getState().setPaged(true);
    void loadPage(0);
  }, [loadPage]);
}

/** The dashboard's statistics, computed once per loaded data set (not on every render). */
export function useHistoryStats(): {
  summary: ReturnType<typeof summarize>;
  cumulative: ReturnType<typeof dailyCumulative>;
  dayWin: ReturnType<typeof dayWinRate>;
} {
  const trades = useHistoryStore((s) => s.trades);
  const serverPage = useHistoryStore((s) => s.serverPage);
  return useMemo(() => {
    // The server's figures cover the whole range; the loaded trades are then only one page.
    if (serverPage) {
      const cumulative = fromServerDays(serverPage.days);
      return { summary: fromServerSummary(serverPage.summary), cumulative, dayWin: dayWinRate(cumulative) };
    }
    const cumulative = dailyCumulative(trades);
    return { summary: summarize(trades), cumulative, dayWin: dayWinRate(cumulative) };
  }, [trades, serverPage]);
}
