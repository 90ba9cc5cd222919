import { create } from 'zustand';
import {
  currentUserId,
  errorMessage,
  FALLBACK,
  getDayJournals,
  getTradeHistory,
  isCanceled,
  latestSignal,
  saveDayJournal,
  saveTradeJournal,
  successMessage,
  SUCCESS,
  type Trade,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';
import { rangeQuery, type DateRange } from '../lib/range';

export type HistoryStatus = 'idle' | 'loading' | 'success' | 'error';

export interface HistoryState {
  /** Shared by the dashboard, Daily and Weekly: choosing a range on one applies to all. */
  range: DateRange;
  trades: Trade[];
  status: HistoryStatus;
  error: string | null;
  /** Day notes of the loaded range, by `YYYY-MM-DD`. */
  dayJournals: Record<string, string>;
  setRange(range: DateRange): Promise<void>;
  load(): Promise<void>;
  saveTradeJournal(tradeId: number, journal: string): Promise<boolean>;
  saveDayJournal(date: string, note: string): Promise<boolean>;
}

export const initialHistoryState = {
  range: { kind: 'all' } as DateRange,
  trades: [] as Trade[],
  status: 'idle' as HistoryStatus,
  error: null as string | null,
  dayJournals: {} as Record<string, string>,
};

// getDayJournals takes no abort signal: a counter keeps only the latest answer.
let journalRequest = 0;

export const useHistoryStore = create<HistoryState>()((set, get) => ({
  ...initialHistoryState,

  async setRange(range) {
    set({ range });
    await get().load();
  },

  async load() {
    const signal = latestSignal('history');
    const query = rangeQuery(get().range);
    set({ status: 'loading', error: null });
    const userId = currentUserId();
    if (userId === null) {
      set({ status: 'error', error: FALLBACK.history, trades: [] });
      notify.error(FALLBACK.history);
      return;
    }
    const request = ++journalRequest;
    getDayJournals(query).then(
      (days) => {
        if (request === journalRequest)
          set({ dayJournals: Object.fromEntries(days.map((d) => [d.date, d.note])) });
      },
      (error: unknown) => {
        if (request === journalRequest) notify.error(errorMessage(error, 'journal'));
      },
    );
    try {
      const data = await getTradeHistory(userId, query, { signal });
      // Lets the benchmark split "data arrived" from "statistics and table rendered".
      performance.mark?.('history:loaded');
      set({ trades: data.trades, status: 'success' });
    } catch (error: unknown) {
      if (isCanceled(error)) return;
      const message = errorMessage(error, 'history');
      set({ status: 'error', error: message, trades: [] });
      notify.error(message);
    }
  },

  async saveTradeJournal(tradeId, journal) {
    try {
      const data = await saveTradeJournal(tradeId, journal);
      set({ trades: get().trades.map((t) => (t.id === tradeId ? { ...t, journal } : t)) });
      notify.success(successMessage(data, SUCCESS.journal));
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'journal'));
      return false;
    }
  },

  async saveDayJournal(date, note) {
    try {
      const data = await saveDayJournal(date, note);
      set({ dayJournals: { ...get().dayJournals, [date]: note } });
      notify.success(successMessage(data, SUCCESS.journal));
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'journal'));
      return false;
    }
  },
}));
