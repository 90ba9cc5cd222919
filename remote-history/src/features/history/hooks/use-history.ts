import { useEffect, useMemo } from 'react';
import { dailyCumulative, dayWinRate, summarize } from '../../stats';
import { useHistoryStore } from '../store/history-store';

/** Loads the chosen range's trades when a history page mounts. */
export function useHistoryLoad(): void {
  const load = useHistoryStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
}

/** The dashboard's statistics, computed once per loaded data set (not on every render). */
export function useHistoryStats(): {
  summary: ReturnType<typeof summarize>;
  cumulative: ReturnType<typeof dailyCumulative>;
  dayWin: ReturnType<typeof dayWinRate>;
} {
  const trades = useHistoryStore((s) => s.trades);
  return useMemo(() => {
    const cumulative = dailyCumulative(trades);
    return { summary: summarize(trades), cumulative, dayWin: dayWinRate(cumulative) };
  }, [trades]);
}
