import type { FeedMessage } from '@synctrade/api/types';
import { FEED_CLOSE } from '@synctrade/api/types';
import type { WebSocket } from 'ws';
import { FeedClient } from './feed-client';

export type SnapshotProvider = (userId: number) => Promise<FeedMessage[]>;

/**
 * The realtime feed hub (`app.realtime`): who is connected, and what they receive.
 *
 * - `publish(userId, message)`: to every socket of that user. `account_data` carries the user's full account
 *   list (the client replaces its list), so a slow client simply gets the newest one.
 * - `setSnapshotProvider(fn)`: what a socket receives right after it connects (the copy engine registers
 *   the account_data provider).
 * - `closeUser(userId, code)` / `closeSession(...)`: revocation closes the affected sockets.
 */
export class RealtimeHub {
  private readonly clients = new Map<number, Set<FeedClient>>();
  private snapshotProvider: SnapshotProvider = async () => [];
  private readonly heartbeat: NodeJS.Timeout;
  private readonly flusher: NodeJS.Timeout;

  constructor(
    heartbeatSeconds: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.heartbeat = setInterval(() => this.beat(), heartbeatSeconds * 1000);
    this.flusher = setInterval(() => this.flushAll(), 100);
    this.heartbeat.unref();
    this.flusher.unref();
  }

  setSnapshotProvider(provider: SnapshotProvider): void {
    this.snapshotProvider = provider;
  }

  publish(userId: number, message: FeedMessage): void {
    for (const client of this.clients.get(userId) ?? []) client.send(message);
  }

  /** Number of open sockets of a user (tests, health). */
  socketCount(userId?: number): number {
    if (userId !== undefined) return this.clients.get(userId)?.size ?? 0;
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /** Registers an authenticated socket and sends it the snapshot. */
  async attach(socket: WebSocket, userId: number, sessionId: string): Promise<void> {
    const client = new FeedClient(socket, userId, sessionId);
    const set = this.clients.get(userId) ?? new Set<FeedClient>();
    set.add(client);
    this.clients.set(userId, set);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
    try {
      for (const message of await this.snapshotProvider(userId)) client.send(message);
    } catch (error: unknown) {
      this.onError(error);
    }
  }

  closeUser(userId: number, code: number = FEED_CLOSE.revoked, reason = 'Session revoked'): void {
    for (const client of [...(this.clients.get(userId) ?? [])]) client.socket.close(code, reason);
  }

  closeSession(userId: number, sessionId: string, code: number = FEED_CLOSE.revoked): void {
    for (const client of [...(this.clients.get(userId) ?? [])]) {
      if (client.sessionId === sessionId) client.socket.close(code, 'Session revoked');
    }
  }

  closeOtherSessions(userId: number, keepSessionId: string, code: number = FEED_CLOSE.revoked): void {
    for (const client of [...(this.clients.get(userId) ?? [])]) {
      if (client.sessionId !== keepSessionId) client.socket.close(code, 'Session revoked');
    }
  }

  /** Server shutdown: tells every client to come back later. */
  closeAll(code: number = FEED_CLOSE.serverRestart): void {
    clearInterval(this.heartbeat);
    clearInterval(this.flusher);
    for (const set of this.clients.values()) {
      for (const client of set) client.socket.close(code, 'Server restart');
    }
    this.clients.clear();
  }

  private detach(client: FeedClient): void {
    const set = this.clients.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.clients.delete(client.userId);
  }

  private beat(): void {
    const message: FeedMessage = { type: 'heartbeat', time: new Date().toISOString() };
    for (const set of this.clients.values()) {
      for (const client of set) {
        // A socket that missed the previous ping is dead (half-open TCP): drop it.
        if (!client.alive) {
          client.socket.terminate();
          this.detach(client);
          continue;
        }
        client.alive = false;
        client.socket.ping();
        client.send(message);
      }
    }
  }

  private flushAll(): void {
    for (const set of this.clients.values()) for (const client of set) client.flush();
  }
}
