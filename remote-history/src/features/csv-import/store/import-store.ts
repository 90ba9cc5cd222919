import { create } from 'zustand';
import {
  errorMessage,
  importTrades,
  successMessage,
  SUCCESS,
  type AccountSummary,
  type ImportTradeRow,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';
import { parseCsvOffMainThread } from '../lib/parse-off-main-thread';
import { fileAccounts, type ParsedImport } from '../lib/collector';

/** Trades per request: large files go up in several requests, each with its progress step. */
export const IMPORT_BATCH = 2000;
/**
 * Batches in flight at once: the server stores one while the next is on its way, instead of waiting for the page
 * between batches (a tenth of a 100,000-trade import was the server idle). The order of arrival does not matter:
 * the server skips trades it holds, by external id.
 */
export const IMPORT_IN_FLIGHT = 2;

export type ImportPhase = 'idle' | 'reading' | 'preview' | 'importing' | 'done';

export interface ImportState {
  phase: ImportPhase;
  fileName: string | null;
  /** 0..1 of the file read. */
  readProgress: number;
  parsed: ParsedImport | null;
  sent: number;
  imported: number;
  duplicates: number;
  error: string | null;
  /** The trader's account the trades were made on, or null to show them as the import's. */
  accountId: number | null;
  setAccount(accountId: number | null): void;
  /**
   * Each account the file names → the trader's account its trades go to (null: the one chosen above). Filled when
   * the file is read, from the trader's account of the same name.
   */
  fileAccounts: Record<string, number | null>;
  setFileAccount(name: string, accountId: number | null): void;
  read(file: File, accounts?: readonly AccountSummary[]): Promise<void>;
  send(): Promise<boolean>;
  reset(): void;
}

const initial = {
  phase: 'idle' as ImportPhase,
  fileName: null,
  readProgress: 0,
  parsed: null,
  sent: 0,
  imported: 0,
  duplicates: 0,
  error: null,
  accountId: null as number | null,
  fileAccounts: {} as Record<string, number | null>,
};

/**
 * The trader's account a file's account name stands for: the one with that name (case aside), or with that
 * "name · connection" as our export writes it; none when no account, or more than one, has it.
 */
export function matchAccount(name: string, accounts: readonly AccountSummary[]): number | null {
  const wanted = name.trim().toLowerCase();
  const found = accounts.filter(
    (a) =>
      a.account_name.toLowerCase() === wanted ||
      `${a.account_name} · ${a.connection_name}`.toLowerCase() === wanted,
  );
  return found.length === 1 ? (found[0]?.id ?? null) : null;
}

/** The trades in batches of at most `IMPORT_BATCH`, each batch going to one account (null: none). */
function batchesByAccount(
  trades: readonly ImportTradeRow[],
  accountOf: (index: number) => number | null,
): Array<{ accountId: number | null; trades: ImportTradeRow[] }> {
  const groups = new Map<number | null, ImportTradeRow[]>();
  trades.forEach((trade, i) => {
    const id = accountOf(i);
    const group = groups.get(id) ?? [];
    group.push(trade);
    groups.set(id, group);
  });
  const batches: Array<{ accountId: number | null; trades: ImportTradeRow[] }> = [];
  for (const [accountId, group] of groups)
    for (let start = 0; start < group.length; start += IMPORT_BATCH)
      batches.push({ accountId, trades: group.slice(start, start + IMPORT_BATCH) });
  return batches;
}

export const useImportStore = create<ImportState>()((set, get) => ({
  ...initial,

  setAccount(accountId) {
    set({ accountId });
  },

  setFileAccount(name, accountId) {
    set((s) => ({ fileAccounts: { ...s.fileAccounts, [name]: accountId } }));
  },

  async read(file, accounts = []) {
    // A new file keeps the account chosen for it.
    set({ ...initial, phase: 'reading', fileName: file.name, accountId: get().accountId });
    try {
      const parsed = await parseCsvOffMainThread(file, (fraction) => set({ readProgress: fraction }));
      const matched = Object.fromEntries(
        fileAccounts(parsed).map((name) => [name, matchAccount(name, accounts)]),
      );
      if (get().fileName === file.name)
        set({ parsed, phase: 'preview', readProgress: 1, fileAccounts: matched });
    } catch {
      set({ phase: 'idle', error: 'The file could not be read. Choose a CSV file.' });
    }
  },

  async send() {
    const trades = get().parsed?.trades ?? [];
    const names = get().parsed?.accountNames ?? [];
    const { accountId, fileAccounts: chosen } = get();
    set({ phase: 'importing', sent: 0, imported: 0, duplicates: 0, error: null });
    // A trade whose row names an account goes to the account chosen for that name, the others to the one above.
    const batches = batchesByAccount(trades, (i) => chosen[names[i] ?? ''] ?? accountId);
    let next = 0;
    let failure: string | null = null;
    let lastMessage: string | null = null;
    // Each lane sends one batch after another; after a failure no lane starts another batch.
    const lane = async (): Promise<void> => {
      while (failure === null && next < batches.length) {
        const { accountId: target, trades: batch } = batches[next]!;
        next += 1;
        try {
          const result = await importTrades(
            target === null ? { trades: batch } : { trades: batch, account_id: target },
          );
          lastMessage = successMessage(result, SUCCESS.import);
          set((s) => ({
            sent: s.sent + batch.length,
            imported: s.imported + result.imported,
            duplicates: s.duplicates + result.duplicates,
          }));
        } catch (error: unknown) {
          failure ??= errorMessage(error, 'import');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(IMPORT_IN_FLIGHT, batches.length) }, lane));
    if (failure !== null) {
      set({ phase: 'preview', error: failure });
      notify.error(failure);
      return false;
    }
    const { imported, duplicates } = get();
    set({ phase: 'done' });
    notify.success(
      trades.length <= IMPORT_BATCH && lastMessage
        ? lastMessage
        : `${SUCCESS.import}: ${imported} imported, ${duplicates} duplicates skipped`,
    );
    return true;
  },

  reset() {
    set(initial);
  },
}));
