import { useEffect } from 'react';
import type { FeedSocketClass } from '../api/feed-connection';
import { takeDeskFeed } from '../store/desk-feed';

/**
 * Keeps the desk on the realtime feed while mounted (the one opened ahead of the desk, if any), closed at unmount.
 * The socket class is read from `window.WebSocket` at mount (tests put a fake class there).
 */
export function useAccountFeed(socketClass?: FeedSocketClass): void {
  useEffect(() => {
    const connection = takeDeskFeed(socketClass ?? (window.WebSocket as unknown as FeedSocketClass));
    return () => connection.close();
  }, [socketClass]);
}
