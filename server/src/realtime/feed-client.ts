import type { FeedMessage } from '@synctrade/api/types';
import type { WebSocket } from 'ws';

/** Above this many queued bytes a socket counts as slow: its updates are merged instead of queued. */
export const SLOW_CLIENT_BYTES = 256 * 1024;
/** A slow client keeps at most this many unsent notifications (the newest). */
const MAX_PENDING_NOTIFICATIONS = 20;

/**
 * One open feed socket. Messages go straight out while the socket keeps up; once `bufferedAmount` is high,
 * the latest state per message type is kept instead (account_data and quotes are full states, so the newest
 * replaces the older one) and sent when the socket has drained. Memory per client stays bounded.
 */
export class FeedClient {
  private pendingState = new Map<'account_data' | 'quotes', FeedMessage>();
  private pendingNotifications: FeedMessage[] = [];
  alive = true;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
    readonly sessionId: string,
  ) {}

  get hasPending(): boolean {
    return this.pendingState.size > 0 || this.pendingNotifications.length > 0;
  }

  get isSlow(): boolean {
    return this.socket.bufferedAmount > SLOW_CLIENT_BYTES;
  }

  send(message: FeedMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.isSlow || this.hasPending) {
      this.hold(message);
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /** Sends what was held back, if the socket has room again. */
  flush(): void {
    if (!this.hasPending || this.isSlow || this.socket.readyState !== this.socket.OPEN) return;
    const held = [...this.pendingNotifications, ...this.pendingState.values()];
    this.pendingNotifications = [];
    this.pendingState.clear();
    for (const message of held) this.socket.send(JSON.stringify(message));
  }

  private hold(message: FeedMessage): void {
    if (message.type === 'account_data' || message.type === 'quotes') {
      this.pendingState.set(message.type, message);
    } else if (message.type === 'notification') {
      this.pendingNotifications.push(message);
      if (this.pendingNotifications.length > MAX_PENDING_NOTIFICATIONS) this.pendingNotifications.shift();
    }
    // Heartbeats are dropped for a slow client: the next one carries the same news.
  }
}
