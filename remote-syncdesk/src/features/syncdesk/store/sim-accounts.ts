import type { SyncAccount } from '@synctrade/api';
import { listAccounts } from './merge-accounts';
import type { SyncdeskState } from './syncdesk-store';

// The paper broker's accounts, leader first: the usual trade is on the leader, to watch it copied.
// The selector returns the store's own objects so the shallow comparison holds between updates.
export const simAccounts = (state: SyncdeskState): SyncAccount[] =>
  listAccounts(state)
    .filter((account) => account.broker_name === 'sim')
    .sort((a, b) => Number(b.is_master) - Number(a.is_master));

// Read on every update of the live feed: no list is built.
export const hasSimAccounts = (state: SyncdeskState): boolean =>
  state.ids.some((id) => state.byId[id]?.broker_name === 'sim');
