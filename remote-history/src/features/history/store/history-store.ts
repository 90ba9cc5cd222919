import { create } from 'zustand';
import {
  currentUserId,
  getGroups,
  listAccounts,
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
  type HistoryDay,
  type AccountSummary,
  type CopyGroup,
  type HistorySummary,
  type Trade,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';
import { rangeQuery, type DateRange } from '../lib/range';
import { ALL_ACCOUNTS, scopeQuery, type HistoryScope } from '../lib/scope';

export type HistoryStatus = 'idle' | 'loading' | 'success' | 'error';

/** Trades per page of the dashboard's table (the server pages them). */
export const DASHBOARD_PAGE_SIZE = 100;

/**
 * The dashboard's server-paged view: `trades` holds one page; `summary` and `days` cover the whole range
 * (computed by the database). Null when the server answered the spec's plain shape (every trade): then the
 * dashboard pages and computes in the browser as before.
 */
export interface ServerPage {
  total: number;
  offset: number;
  summary: HistorySummary;
  days: HistoryDay[];
}

export interface HistoryPaging {
  limit: string;
  offset: string;
  tz: string;
}

export interface HistoryState {
  /** Shared by the dashboard, Daily and Weekly: choosing a range on one applies to all. */
  range: DateRange;
  /** Whose trades: shared by the dashboard, Daily and Weekly like the range. */
  scope: HistoryScope;
  /** What the scope select offers besides all accounts and the leaders (empty until loaded, or if it failed). */
  scopeChoices: { accounts: AccountSummary[]; groups: CopyGroup[] };
  trades: Trade[];
  status: HistoryStatus;
  error: string | null;
  /** Day notes of the loaded range, by `YYYY-MM-DD`. */
  dayJournals: Record<string, string>;
  /** Set when the dashboard loaded the paged form (see `ServerPage`). */
  serverPage: ServerPage | null;
  /** Which loader the pages use: the dashboard's paged one or the whole range (Daily, Weekly). */
  paged: boolean;
  setRange(range: DateRange): Promise<void>;
  setScope(scope: HistoryScope): Promise<void>;
  loadScopeChoices(): Promise<void>;
  /** The range's trades; with `paging`, the paged form (the dashboard). */
  load(paging?: HistoryPaging): Promise<void>;
  /** The dashboard: statistics of the range and one page of trades from `offset`. */
  loadPage(offset?: number): Promise<void>;
  setPaged(paged: boolean): void;
  saveTradeJournal(tradeId: number, journal: string): Promise<boolean>;
  saveDayJournal(date: string, note: string): Promise<boolean>;
}

export const initialHistoryState = {
  range: { kind: 'all' } as DateRange,
  scope: ALL_ACCOUNTS,
  scopeChoices: { accounts: [] as AccountSummary[], groups: [] as CopyGroup[] },
  trades: [] as Trade[],
  status: 'idle' as HistoryStatus,
  error: null as string | null,
  dayJournals: {} as Record<string, string>,
  serverPage: null as ServerPage | null,
  paged: false,
};

/** The browser's time zone, so the server's per-day totals fall on the days the trader sees. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// getDayJournals takes no abort signal: a counter keeps only the latest answer.
let journalRequest = 0;

export const useHistoryStore = create<HistoryState>()((set, get) => ({
  ...initialHistoryState,

  async setRange(range) {
    set({ range });
    await (get().paged ? get().loadPage(0) : get().load());
  },

  async setScope(scope) {
    set({ scope });
    await (get().paged ? get().loadPage(0) : get().load());
  },

  async loadScopeChoices() {
    // Without the lists the select still offers all accounts and the leaders: the history itself is not at stake.
    const [accounts, groups] = await Promise.allSettled([listAccounts(), getGroups()]);
    set({
      scopeChoices: {
        accounts: accounts.status === 'fulfilled' ? accounts.value : [],
        groups: groups.status === 'fulfilled' ? groups.value : [],
      },
    });
  },

  setPaged(paged) {
    set({ paged });
  },

  async loadPage(offset = 0) {
    await get().load({
      limit: String(DASHBOARD_PAGE_SIZE),
      offset: String(offset),
      tz: browserTimeZone(),
    });
  },

  async load(paging?: HistoryPaging) {
    const signal = latestSignal('history');
    const range = rangeQuery(get().range);
    const scoped = { ...range, ...scopeQuery(get().scope) };
    const query = paging ? { ...scoped, ...paging } : scoped;
    set({ status: 'loading', error: null });
    const userId = currentUserId();
    if (userId === null) {
      set({ status: 'error', error: FALLBACK.history, trades: [], serverPage: null });
      notify.error(FALLBACK.history);
      return;
    }
    const request = ++journalRequest;
    getDayJournals(range).then(
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
      const serverPage =
        paging && data.summary && data.days && data.total !== undefined
          ? { total: data.total, offset: data.offset ?? 0, summary: data.summary, days: data.days }
          : null;
      set({ trades: data.trades, serverPage, status: 'success' });
    } catch (error: unknown) {
      if (isCanceled(error)) return;
      const message = errorMessage(error, 'history');
      set({ status: 'error', error: message, trades: [], serverPage: null });
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
