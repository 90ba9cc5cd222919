import { useEffect } from 'react';
import { LIMITS } from '@synctrade/api/validation';
import { useSyncdeskStore } from '../store/syncdesk-store';

/** Loads the orders now and every 15 s (spec section 9) while the panel is mounted. */
export function useOrdersPoll(): void {
  useEffect(() => {
    const { loadOrders } = useSyncdeskStore.getState();
    void loadOrders();
    const timer = window.setInterval(() => void loadOrders(), LIMITS.ordersPollMs);
    return () => window.clearInterval(timer);
  }, []);
}
