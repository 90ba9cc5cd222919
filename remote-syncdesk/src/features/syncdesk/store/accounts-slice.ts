import { errorMessage, getSyncAccounts, isCanceled, latestSignal, type SyncAccount } from '@synctrade/api';
import { notify } from '@synctrade/ui';
import type { FeedStatus } from '../types';
import { applyAccountChanges, mergeAccounts } from './merge-accounts';
import type { GetState, SetState } from './syncdesk-store';

export interface AccountsActions {
  loadAccounts(): Promise<void>;
  /** The feed's `account_data`: the new list replaces the old one. */
  replaceAccounts(accounts: SyncAccount[]): void;
  /** The feed's `account_delta`: only the accounts that changed. */
  applyAccountChanges(accounts: SyncAccount[]): void;
  setFeedStatus(status: FeedStatus): void;
}

export function createAccountsSlice(set: SetState, get: GetState): AccountsActions {
  return {
    async loadAccounts() {
      set({ accountsStatus: 'loading', accountsError: null });
      try {
        const accounts = await getSyncAccounts({ signal: latestSignal('syncdesk:accounts') });
        get().replaceAccounts(accounts);
        set({ accountsStatus: 'success' });
      } catch (error: unknown) {
        if (isCanceled(error)) return;
        const message = errorMessage(error, 'accounts');
        set({ accountsStatus: 'error', accountsError: message });
        notify.error(message);
      }
    },
    replaceAccounts(accounts) {
      set((state) => {
        const next = mergeAccounts(state, accounts);
        // A list that arrives from the feed counts as loaded too (it may beat the first GET).
        return { ...next, accountsStatus: 'success', accountsError: null };
      });
    },
    applyAccountChanges(changed) {
      const state = get();
      const next = applyAccountChanges(state, changed);
      if (next !== state) set({ byId: next.byId });
    },
    setFeedStatus(feedStatus) {
      if (get().feedStatus !== feedStatus) set({ feedStatus });
    },
  };
}
