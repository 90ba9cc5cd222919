import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { connectionAddedMessage, connectOutcomeText } from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';
import { useConnectionStore } from '../store/connection-store';

/**
 * The broker sends the window back to `/connections?status=success&connection=<id>` or
 * `?status=error&code=<code>`. No text is taken from the address: a success is toasted once the server's own
 * list holds that connection (with its stored name), an error with this product's text for the code. The
 * other packages hear that a connection may have been added, and the address is cleaned.
 */
export function useReturnToast(): void {
  const [params, setParams] = useSearchParams();
  const connections = useConnectionStore((state) => state.connections);
  const listStatus = useConnectionStore((state) => state.status);
  // StrictMode runs effects twice in development; the refs keep each toast single.
  const handled = useRef(false);
  const awaited = useRef<number | null>(null);

  useEffect(() => {
    if (handled.current) return;
    const status = params.get('status');
    if (!status) return;
    handled.current = true;
    if (status === 'success') {
      const id = Number(params.get('connection'));
      if (Number.isInteger(id) && id > 0) awaited.current = id;
      bus.emit('connections:changed', {});
    } else if (status === 'error') {
      notify.error(connectOutcomeText(params.get('code')));
    }
    const next = new URLSearchParams(params);
    for (const key of ['status', 'message', 'code', 'connection']) next.delete(key);
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (awaited.current === null || listStatus !== 'success') return;
    const added = connections.find((connection) => connection.id === awaited.current);
    // Not in this list (yet): the page's own fetch brings the fresh one; an id that never appears shows nothing.
    if (!added) return;
    awaited.current = null;
    notify.success(connectionAddedMessage(added.connection_name));
  }, [connections, listStatus]);
}
