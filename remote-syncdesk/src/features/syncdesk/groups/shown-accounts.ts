import type { SyncAccount } from '@synctrade/api';
import type { SyncdeskState } from '../store/syncdesk-store';

/**
 * The ids of the rows the desk shows: the shown group's accounts, or every account (All accounts). Use with
 * `useShallow`: a new array with the same ids does not re-render.
 */
export function shownIds(state: Pick<SyncdeskState, 'ids' | 'byId' | 'shownGroup'>): number[] {
  const { shownGroup } = state;
  if (shownGroup === null) return state.ids;
  return state.ids.filter((id) => state.byId[id]?.group_id === shownGroup);
}

/** The rows the desk shows, in table order (use with `useShallow`). */
export function shownAccounts(state: Pick<SyncdeskState, 'ids' | 'byId' | 'shownGroup'>): SyncAccount[] {
  return shownIds(state)
    .map((id) => state.byId[id])
    .filter((account): account is SyncAccount => account !== undefined);
}

/** The accounts of the same copy group as `accountId` (itself included): a leader's followers are among them. */
export function sameGroup(accounts: readonly SyncAccount[], accountId: number): SyncAccount[] {
  const groupId = accounts.find((account) => account.id === accountId)?.group_id;
  return accounts.filter((account) => account.group_id === groupId);
}
