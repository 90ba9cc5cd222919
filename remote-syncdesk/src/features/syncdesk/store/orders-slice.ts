import { currentUserId, errorMessage, getOrderData, isCanceled, latestSignal } from '@synctrade/api';
import { notify } from '@synctrade/ui';
import { leaderBeforeCopies } from './order-sequence';
import type { GetState, SetState } from './syncdesk-store';

export interface OrdersActions {
  loadOrders(): Promise<void>;
}

export function createOrdersSlice(set: SetState, get: GetState): OrdersActions {
  return {
    async loadOrders() {
      const userId = currentUserId();
      // Protected pages assume a signed-in user; without a readable token there is nothing to ask for.
      if (userId === null) return;
      const failedBefore = get().ordersStatus === 'error';
      set({ ordersStatus: 'loading' });
      try {
        const data = await getOrderData(userId, { signal: latestSignal('syncdesk:orders') });
        const orders = { ...data, orders: leaderBeforeCopies(data.orders) };
        set({ orders, ordersStatus: 'success', ordersError: null, ordersUpdatedAt: Date.now() });
      } catch (error: unknown) {
        if (isCanceled(error)) return;
        const message = errorMessage(error, 'orderData');
        set({ ordersStatus: 'error', ordersError: message });
        // The panel polls every 15 s: toast when it starts failing, not on every failed poll.
        if (!failedBefore) notify.error(message);
      }
    },
  };
}
