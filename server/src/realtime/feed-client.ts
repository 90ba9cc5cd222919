import type { FeedMessage } from '@synctrade/api/types';
import type { WebSocket } from 'ws';

/** Above this many queued bytes a socket counts as slow: its updates are merged instead of queued. */
export const SLOW_CLIENT_BYTES = 256 * 1024;
/** A slow client keeps at most this many unsent notifications (the newest). */
const MAX_PENDING_NOTIFICATIONS = 20;

/**
 * One open feed socket. Messages go straight out while the socket keeps up; once `bufferedAmount` is high,
 * the latest state per message type is kept instead (account_data and quotes are full states, so the newest
 * replaces the older one) and sent when the socket has drained. Held-back deltas are dropped and replaced by
 * the full numbered list at that time. Memory per client stays bounded.
 */
export class FeedClient {
  private pendingState = new Map<'account_data' | 'quotes', FeedMessage>();
  private pendingNotifications: FeedMessage[] = [];
  /** A delta was held back: deltas cannot be merged, so the client gets the full list once it drains. */
  private needsFull = false;
  alive = true;
  /** False until the snapshot went out: deltas before it would only make the client ask again. */
  attached = false;
  /** True once this socket was sent a full account list (deltas build on it). */
  hasList = false;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
    readonly sessionId: string,
    /** The user's current full account list (numbered), sent in place of held-back deltas. */
    private readonly fullAccounts: () => FeedMessage | null = () => null,
  ) {}

  get hasPending(): boolean {
    return this.pendingState.size > 0 || this.pendingNotifications.length > 0 || this.needsFull;
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
    const full = this.needsFull ? this.fullAccounts() : null;
    if (full) this.pendingState.set('account_data', full);
    const held = [...this.pendingNotifications, ...this.pendingState.values()];
    this.pendingNotifications = [];
    this.pendingState.clear();
    this.needsFull = false;
    for (const message of held) this.socket.send(JSON.stringify(message));
  }

  private hold(message: FeedMessage): void {
    if (message.type === 'account_delta') {
      this.needsFull = true;
      this.pendingState.delete('account_data');
    } else if (message.type === 'account_data' || message.type === 'quotes') {
      if (message.type === 'account_data') this.needsFull = false;
      this.pendingState.set(message.type, message);
    } else if (message.type === 'notification') {
      this.pendingNotifications.push(message);
      if (this.pendingNotifications.length > MAX_PENDING_NOTIFICATIONS) this.pendingNotifications.shift();
    }
    // Heartbeats are dropped for a slow client: the next one carries the same news.
  }
}
