import {
  CLIENT_MESSAGE,
  SUCCESS,
  cancelAllOrders,
  disableAllFollowers,
  errorMessage,
  flattenPositions,
  placeTicketOrder,
  changeTicketOrder,
  cancelTicketOrder,
  setCross,
  setMaster,
  setRatio,
  successMessage,
  syncFollower,
  toggleFollower,
  type ActionName,
  type LeaderChangeFollowers,
  type MessageResponse,
  type TicketCancelPayload,
  type TicketChangePayload,
  type TicketOrderPayload,
} from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';
import { shownIds } from '../groups/shown-accounts';
import type { GetState, SetState } from './syncdesk-store';

/** Every action answers true on success, so a form or editor knows whether to close. */
export interface CopierActions {
  /** `followers`: what happens to the followers' positions (the server keeps them when not told). */
  setMaster(accountId: number, followers?: LeaderChangeFollowers): Promise<boolean>;
  toggleFollower(accountId: number): Promise<boolean>;
  setRatio(accountId: number, ratio: number): Promise<boolean>;
  setCross(accountId: number, cross: boolean): Promise<boolean>;
  flatten(accountIds: number[]): Promise<boolean>;
  flattenAll(): Promise<boolean>;
  disableAllFollowers(): Promise<boolean>;
  cancelAllOrders(): Promise<boolean>;
  syncFollower(accountId: number): Promise<boolean>;
  placeTicket(payload: TicketOrderPayload): Promise<boolean>;
  /** New prices of a working paper order (a stop to break-even, a target moved, a trail widened). */
  changeTicket(orderId: string, payload: TicketChangePayload): Promise<boolean>;
  cancelTicket(orderId: string, payload: TicketCancelPayload): Promise<boolean>;
}

interface Step {
  call(): Promise<MessageResponse>;
  action: ActionName;
  success: string;
  /** Role, ratio and cross changes: reload the table and tell other screens. */
  copierChange?: { accountId?: number };
}

export function createCopierActions(_set: SetState, get: GetState): CopierActions {
  const run = async ({ call, action, success, copierChange }: Step): Promise<boolean> => {
    let ok = false;
    try {
      notify.success(successMessage(await call(), success));
      ok = true;
      if (copierChange) bus.emit('copier:changed', copierChange);
    } catch (error: unknown) {
      notify.error(errorMessage(error, action));
    }
    // Orders refresh right after any action; the table too when roles or sizing may have moved.
    void get().loadOrders();
    if (copierChange) {
      void get().loadAccounts();
      // A leader or a follower changed: the groups' leaders and followers with it.
      void get().loadGroups();
    }
    return ok;
  };

  return {
    setMaster: (accountId, followers) =>
      run({
        call: () => setMaster(accountId, followers),
        action: 'master',
        success: SUCCESS.master,
        copierChange: { accountId },
      }),
    toggleFollower: (accountId) =>
      run({
        call: () => toggleFollower(accountId),
        action: 'follower',
        success: SUCCESS.follower,
        copierChange: { accountId },
      }),
    setRatio: (accountId, ratio) =>
      run({
        call: () => setRatio(accountId, ratio),
        action: 'ratio',
        success: SUCCESS.ratio,
        copierChange: { accountId },
      }),
    setCross: (accountId, cross) =>
      run({
        call: () => setCross(accountId, cross),
        action: 'cross',
        success: SUCCESS.cross,
        copierChange: { accountId },
      }),
    flatten: (accountIds) =>
      run({ call: () => flattenPositions(accountIds), action: 'flatten', success: SUCCESS.flatten }),
    async flattenAll() {
      // The group shown (or every account).
      const ids = shownIds(get());
      if (ids.length === 0) {
        notify.error(CLIENT_MESSAGE.nothingToFlatten);
        return false;
      }
      return get().flatten([...ids]);
    },
    disableAllFollowers: () =>
      run({
        call: () => disableAllFollowers(get().shownGroup ?? undefined),
        action: 'disableFollowers',
        success: SUCCESS.disableFollowers,
        copierChange: {},
      }),
    cancelAllOrders: () =>
      run({
        call: () => cancelAllOrders(get().shownGroup ?? undefined),
        action: 'cancelOrders',
        success: SUCCESS.cancelOrders,
      }),
    syncFollower: (accountId) =>
      run({
        call: () => syncFollower(accountId),
        action: 'sync',
        success: SUCCESS.sync,
        copierChange: { accountId },
      }),
    placeTicket: (payload) =>
      run({ call: () => placeTicketOrder(payload), action: 'ticket', success: SUCCESS.ticket }),
    changeTicket: (orderId, payload) =>
      run({
        call: () => changeTicketOrder(orderId, payload),
        action: 'ticket',
        success: SUCCESS.ticketChange,
      }),
    cancelTicket: (orderId, payload) =>
      run({
        call: () => cancelTicketOrder(orderId, payload),
        action: 'ticket',
        success: SUCCESS.ticketCancel,
      }),
  };
}
