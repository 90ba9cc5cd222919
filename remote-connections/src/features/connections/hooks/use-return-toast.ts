import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';

/**
 * The broker sends the window back to `/connections?status=...&message=...`: show the message once as a
 * toast, tell the other packages a connection may have been added, and clean the address.
 */
export function useReturnToast(): void {
  const [params, setParams] = useSearchParams();
  // StrictMode runs effects twice in development; the ref keeps the toast single.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const status = params.get('status');
    const message = params.get('message');
    if (!status) return;
    handled.current = true;
    if (message && status === 'success') {
      notify.success(message);
      bus.emit('connections:changed', {});
    } else if (message && status === 'error') {
      notify.error(message);
    }
    const next = new URLSearchParams(params);
    next.delete('status');
    next.delete('message');
    setParams(next, { replace: true });
  }, [params, setParams]);
}
