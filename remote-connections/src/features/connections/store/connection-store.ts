import { create } from 'zustand';
import {
  deleteConnection,
  errorMessage,
  getConnectionDetails,
  isCanceled,
  latestSignal,
  listConnections,
  setAccountEnabled,
  setAllAccountsEnabled,
  setConnectionEnabled,
  successMessage,
  SUCCESS,
  type BrokerAccount,
  type Connection,
  type ConnectionDetails,
} from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';
import type { LoadStatus } from '../types';

/** The spec's `connection` slice: the list, the open connection's details, and the actions on them. */
export interface ConnectionState {
  connections: Connection[];
  status: LoadStatus;
  error: string | null;
  details: ConnectionDetails | null;
  detailsStatus: LoadStatus;
  detailsError: string | null;
  /** Ids of rows or accounts with a change in flight, so their controls can be disabled meanwhile. */
  busy: Record<string, boolean>;
  /** `quiet` loads (the Home widget) show the failure in place only, without a toast. */
  fetchConnections(options?: { quiet?: boolean }): Promise<void>;
  toggleConnection(connection: Connection): Promise<void>;
  removeConnection(connection: Connection): Promise<boolean>;
  fetchDetails(id: number): Promise<void>;
  toggleAllAccounts(connectionId: number, enabled: boolean): Promise<void>;
  toggleAccount(connectionId: number, account: BrokerAccount): Promise<void>;
}

function announce(connectionId?: number): void {
  bus.emit('connections:changed', connectionId === undefined ? {} : { connectionId });
}

export const useConnectionStore = create<ConnectionState>()((set, get) => {
  const markBusy = (key: string, value: boolean): void =>
    set((state) => ({ busy: { ...state.busy, [key]: value } }));

  return {
    connections: [],
    status: 'idle',
    error: null,
    details: null,
    detailsStatus: 'idle',
    detailsError: null,
    busy: {},

    async fetchConnections({ quiet = false } = {}) {
      const signal = latestSignal('connections');
      set({ status: 'loading', error: null });
      try {
        const connections = await listConnections({ signal });
        set({ connections, status: 'success' });
      } catch (error: unknown) {
        if (isCanceled(error)) return;
        const message = errorMessage(error, 'connections');
        set({ status: 'error', error: message });
        if (!quiet) notify.error(message);
      }
    },

    async toggleConnection(connection) {
      const key = `connection-${connection.id}`;
      markBusy(key, true);
      try {
        const data = await setConnectionEnabled(connection.id, !connection.enabled);
        notify.success(successMessage(data, SUCCESS.connectionToggle));
        announce(connection.id);
      } catch (error: unknown) {
        notify.error(errorMessage(error, 'connectionToggle'));
      } finally {
        markBusy(key, false);
      }
      // Spec section 4: after a connection toggle the list is reloaded (also after a failure, to show the truth).
      await get().fetchConnections();
    },

    async removeConnection(connection) {
      try {
        const data = await deleteConnection(connection.id);
        notify.success(successMessage(data, SUCCESS.deleteConnection));
        announce(connection.id);
        await get().fetchConnections();
        return true;
      } catch (error: unknown) {
        notify.error(errorMessage(error, 'deleteConnection'));
        return false;
      }
    },

    async fetchDetails(id) {
      const signal = latestSignal('connectionDetails');
      // Keep the shown details while reloading the same connection, so switches do not flicker away.
      const same = get().details?.connection.id === id;
      set({ detailsStatus: 'loading', detailsError: null, ...(same ? {} : { details: null }) });
      try {
        const details = await getConnectionDetails(id, { signal });
        set({ details, detailsStatus: 'success' });
      } catch (error: unknown) {
        if (isCanceled(error)) return;
        const message = errorMessage(error, 'connectionDetails');
        set({ detailsStatus: 'error', detailsError: message });
        notify.error(message);
      }
    },

    async toggleAllAccounts(connectionId, enabled) {
      const key = `all-${connectionId}`;
      markBusy(key, true);
      try {
        const data = await setAllAccountsEnabled(connectionId, enabled);
        notify.success(successMessage(data, SUCCESS.toggleAll));
        announce(connectionId);
      } catch (error: unknown) {
        notify.error(errorMessage(error, 'toggleAll'));
      } finally {
        markBusy(key, false);
      }
      await get().fetchDetails(connectionId);
    },

    async toggleAccount(connectionId, account) {
      const key = `account-${account.id}`;
      markBusy(key, true);
      try {
        const data = await setAccountEnabled(account.id, !account.enabled);
        notify.success(successMessage(data, SUCCESS.accountToggle));
        announce(connectionId);
      } catch (error: unknown) {
        notify.error(errorMessage(error, 'accountToggle'));
      } finally {
        markBusy(key, false);
      }
      // The parent connection's details reload after a single account toggle (spec section 4).
      await get().fetchDetails(connectionId);
    },
  };
});
