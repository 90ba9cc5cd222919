import { create } from 'zustand';
import { errorMessage, importTrades, successMessage, SUCCESS, type ImportTradeRow } from '@synctrade/api';
import { notify } from '@synctrade/ui';
import { parseCsvOffMainThread } from '../lib/parse-off-main-thread';
import type { ParsedImport } from '../lib/collector';

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
  read(file: File): Promise<void>;
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
};

export const useImportStore = create<ImportState>()((set, get) => ({
  ...initial,

  setAccount(accountId) {
    set({ accountId });
  },

  async read(file) {
    // A new file keeps the account chosen for it.
    set({ ...initial, phase: 'reading', fileName: file.name, accountId: get().accountId });
    try {
      const parsed = await parseCsvOffMainThread(file, (fraction) => set({ readProgress: fraction }));
      if (get().fileName === file.name) set({ parsed, phase: 'preview', readProgress: 1 });
    } catch {
      set({ phase: 'idle', error: 'The file could not be read. Choose a CSV file.' });
    }
  },

  async send() {
    const trades = get().parsed?.trades ?? [];
    const { accountId } = get();
    set({ phase: 'importing', sent: 0, imported: 0, duplicates: 0, error: null });
    const batches: ImportTradeRow[][] = [];
    for (let start = 0; start < trades.length; start += IMPORT_BATCH) {
      batches.push(trades.slice(start, start + IMPORT_BATCH));
    }
    let next = 0;
    let failure: string | null = null;
    let lastMessage: string | null = null;
    // Each lane sends one batch after another; after a failure no lane starts another batch.
    const lane = async (): Promise<void> => {
      while (failure === null && next < batches.length) {
        const batch = batches[next]!;
        next += 1;
        try {
          const result = await importTrades(
            accountId === null ? { trades: batch } : { trades: batch, account_id: accountId },
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
