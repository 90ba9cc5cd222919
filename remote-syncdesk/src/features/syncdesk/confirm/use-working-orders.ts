import { useEffect, useState } from 'react';
import { getWorkingOrders, type WorkingOrder } from '@synctrade/api';
import { useSyncdeskStore } from '../store/syncdesk-store';

export type WorkingOrdersState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; orders: WorkingOrder[] };

/**
 * The user's working orders (of the group the desk shows), asked for once when a confirmation opens (it is mounted
 * only while open).
 */
export function useWorkingOrders(): WorkingOrdersState {
  const [state, setState] = useState<WorkingOrdersState>({ status: 'loading' });
  const groupId = useSyncdeskStore((store) => store.shownGroup);
  useEffect(() => {
    const controller = new AbortController();
    getWorkingOrders({ signal: controller.signal }, groupId ?? undefined).then(
      (orders) => setState({ status: 'ready', orders }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [groupId]);
  return state;
}
