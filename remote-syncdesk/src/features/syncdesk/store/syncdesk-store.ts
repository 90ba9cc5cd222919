import { create } from 'zustand';
import type { OrderData } from '@synctrade/api';
import type { FeedStatus, LoadStatus } from '../types';
import type { AccountIndex } from './merge-accounts';
import { createAccountsSlice, type AccountsActions } from './accounts-slice';
import { createOrdersSlice, type OrdersActions } from './orders-slice';
import { createCopierActions, type CopierActions } from './copier-actions';
import {
  createGroupsSlice,
  initialGroupsData,
  type GroupsActions,
  type GroupsData,
} from '../groups/groups-slice';

export interface SyncdeskData extends AccountIndex, GroupsData {
  accountsStatus: LoadStatus;
  accountsError: string | null;
  feedStatus: FeedStatus;
  orders: OrderData | null;
  ordersStatus: LoadStatus;
  ordersError: string | null;
  /** When the orders last arrived (ms since epoch). */
  ordersUpdatedAt: number | null;
}

export type SyncdeskState = SyncdeskData & AccountsActions & OrdersActions & CopierActions & GroupsActions;

export type SetState = (
  partial: Partial<SyncdeskData> | ((state: SyncdeskState) => Partial<SyncdeskData>),
) => void;
export type GetState = () => SyncdeskState;

export const initialSyncdeskData: SyncdeskData = {
  ids: [],
  byId: {},
  accountsStatus: 'idle',
  accountsError: null,
  feedStatus: 'connecting',
  orders: null,
  ordersStatus: 'idle',
  ordersError: null,
  ordersUpdatedAt: null,
  ...initialGroupsData,
};

/** The `syncdesk` store slice of the spec: accounts (live), orders, and the copier actions. */
export const useSyncdeskStore = create<SyncdeskState>()((set, get) => ({
  ...initialSyncdeskData,
  ...createAccountsSlice(set, get),
  ...createOrdersSlice(set, get),
  ...createCopierActions(set, get),
  ...createGroupsSlice(set, get),
}));

/** Back to a fresh desk (tests, and a new session). */
export function resetSyncdeskStore(): void {
  useSyncdeskStore.setState(initialSyncdeskData);
}
