import { useEffect, useState } from 'react';
import { getWorkingOrders, type WorkingOrder } from '@synctrade/api';

export type WorkingOrdersState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; orders: WorkingOrder[] };

/** The user's working orders, asked for once when a confirmation opens (it is mounted only while open). */
export function useWorkingOrders(): WorkingOrdersState {
  const [state, setState] = useState<WorkingOrdersState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getWorkingOrders({ signal: controller.signal }).then(
      (orders) => setState({ status: 'ready', orders }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
