import type { FeedMessage, SyncAccount } from '@synctrade/api/types';
import { FEED_CLOSE } from '@synctrade/api/types';
import type { WebSocket } from 'ws';
import { AccountStream } from './account-stream';
import { FeedClient } from './feed-client';

/** How many times a joining socket's snapshot is asked for while newer lists keep arriving. */
const SNAPSHOT_ATTEMPTS = 3;
/** A socket started from a provisional list: how long between asks for the live one, and how many asks. */
const ASK_AGAIN_MS = 1_000;
const ASK_AGAIN_TIMES = 10;

/**
 * What a joining socket starts from, or null when the live state is held elsewhere and did not answer (a cluster
 * node whose group owner is busy, or no node owns the group while it moves).
 */
export type SnapshotProvider = (userId: number) => Promise<FeedMessage[] | null>;
/** The desk as this node can make it without the live state (the stored settings and balances). */
export type ProvisionalSnapshot = (userId: number) => Promise<FeedMessage[]>;

/**
 * The realtime feed hub (`app.realtime`): who is connected, and what they receive.
 *
 * - `publish(userId, message)`: to every socket of that user. An `account_data` (the user's full account list)
 *   goes through the user's `AccountStream`: the sockets receive only what changed (`account_delta`, numbered),
 *   or the full numbered list when accounts were added, removed or reordered. A client that sees a gap sends
 *   `{"type":"resync"}` and gets the full list; a slow client gets the full list once it drains.
 * - `setSnapshotProvider(fn, provisional)`: what a socket receives right after it connects (the copy engine
 *   registers the account_data provider). When the provider has no answer (the live state is on a node that did
 *   not answer), the socket starts from the newest list this node relayed, or else from the provisional list:
 *   sent to that socket only, unnumbered (its first numbered list comes in full), while the provider is asked
 *   again. A list made without the live state never reaches the user's other sockets.
 * - `closeUser(userId, code)` / `closeSession(...)`: revocation closes the affected sockets.
 */
export class RealtimeHub {
  private readonly clients = new Map<number, Set<FeedClient>>();
  private readonly streams = new Map<number, AccountStream>();
  private snapshotProvider: SnapshotProvider = async () => [];
  private provisional: ProvisionalSnapshot = async () => [];
  /** Users whose live list is being asked for again (a socket of theirs holds a provisional list). */
  private readonly askingAgain = new Set<number>();
  private closed = false;
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

  setSnapshotProvider(provider: SnapshotProvider, provisional: ProvisionalSnapshot = async () => []): void {
    this.snapshotProvider = provider;
    this.provisional = provisional;
  }

  publish(userId: number, message: FeedMessage): void {
    if (message.type === 'account_data') {
      this.publishAccounts(userId, message.accounts);
      return;
    }
    for (const client of this.clients.get(userId) ?? []) client.send(message);
  }

  /** Numbers the new list for the user's stream and sends it to the sockets that already hold a list. */
  private publishAccounts(userId: number, accounts: SyncAccount[], except?: FeedClient): void {
    if (!this.clients.has(userId)) return;
    let stream = this.streams.get(userId);
    if (!stream) {
      stream = new AccountStream();
      this.streams.set(userId, stream);
    }
    const message = stream.update(accounts);
    if (!message) return;
    for (const client of this.clients.get(userId) ?? []) {
      if (client === except || !client.attached) continue;
      // A socket that never had a list (its snapshot had none) starts from the full one.
      client.send(client.hasList ? message : stream.full());
      client.hasList = true;
    }
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
    const client = new FeedClient(socket, userId, sessionId, () => this.streams.get(userId)?.full() ?? null);
    const set = this.clients.get(userId) ?? new Set<FeedClient>();
    set.add(client);
    this.clients.set(userId, set);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
    socket.on('message', (data: unknown, isBinary: boolean) => this.onRequest(client, data, isBinary));
    try {
      const { messages, overtaken } = await this.snapshotFor(userId);
      if (messages === null) await this.startWithoutSnapshot(client);
      else this.start(client, messages, overtaken);
    } catch (error: unknown) {
      this.onError(error);
    } finally {
      client.attached = true;
    }
  }

  private start(client: FeedClient, messages: FeedMessage[], overtaken: boolean): void {
    for (const message of messages) {
      if (message.type !== 'account_data') {
        client.send(message);
        continue;
      }
      // The other sockets of the user move to this newer list by a delta; this one starts from it. A snapshot
      // overtaken by a published list is older than the stream: the socket starts from the stream instead.
      if (!overtaken) this.publishAccounts(client.userId, message.accounts, client);
      const full = this.streams.get(client.userId)?.full();
      if (full) client.send(full);
      else if (overtaken) continue;
      client.hasList = true;
    }
  }

  /**
   * No snapshot with the live state: the newest list relayed here, if any; else the provisional list for this
   * socket alone (it must not move the user's other sockets to values made without the live state), while the
   * live list is asked for again.
   */
  private async startWithoutSnapshot(client: FeedClient): Promise<void> {
    if (this.sendStreamList(client)) return;
    const messages = await this.provisional(client.userId);
    if (this.sendStreamList(client)) return;
    for (const message of messages)
      client.send(
        message.type === 'account_data' ? { type: 'account_data', accounts: message.accounts } : message,
      );
    this.askAgain(client.userId);
  }

  private sendStreamList(client: FeedClient): boolean {
    const stream = this.streams.get(client.userId);
    if (stream === undefined || !stream.started) return false;
    client.send(stream.full());
    client.hasList = true;
    return true;
  }

  /** Asks for the live list until it comes (published, or answered), the user's sockets are gone, or it gives up. */
  private askAgain(userId: number): void {
    if (this.askingAgain.has(userId)) return;
    this.askingAgain.add(userId);
    void (async () => {
      for (let ask = 0; ask < ASK_AGAIN_TIMES; ask += 1) {
        await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS).unref());
        if (this.closed || !this.clients.has(userId) || this.streams.get(userId)?.started) return;
        const { messages, overtaken } = await this.snapshotFor(userId);
        if (messages === null) continue;
        // Overtaken: the lists that arrived meanwhile went out in full to the sockets without one.
        if (overtaken) return;
        for (const message of messages)
          if (message.type === 'account_data') this.publishAccounts(userId, message.accounts);
        return;
      }
    })()
      .catch((error: unknown) => this.onError(error))
      .finally(() => this.askingAgain.delete(userId));
  }

  /**
   * The snapshot for a socket joining now. A list published while it was made may be newer than it: a cluster
   * node asks the group's owner, and the owner's answer and its next change can reach this node in either order.
   * So it is asked again; an answer asked for after a list arrived here is made after that list was sent, never
   * older. `overtaken` when lists kept arriving on every attempt: the stream then holds the newest.
   */
  private async snapshotFor(userId: number): Promise<{ messages: FeedMessage[] | null; overtaken: boolean }> {
    for (let attempt = 1; ; attempt += 1) {
      const stream = this.streams.get(userId);
      const before = stream?.updates ?? 0;
      const messages = await this.snapshotProvider(userId);
      if (messages === null) return { messages, overtaken: false };
      const after = this.streams.get(userId);
      if (after === stream && (after?.updates ?? 0) === before) return { messages, overtaken: false };
      if (attempt === SNAPSHOT_ATTEMPTS) return { messages, overtaken: true };
    }
  }

  /** The only request a client may send: `{"type":"resync"}`, answered with the full numbered list. */
  private onRequest(client: FeedClient, data: unknown, isBinary: boolean): void {
    if (isBinary || !Buffer.isBuffer(data) || data.length > 64) return;
    let request: unknown;
    try {
      request = JSON.parse(data.toString('utf8'));
    } catch {
      return;
    }
    if (typeof request !== 'object' || request === null || (request as { type?: unknown }).type !== 'resync')
      return;
    const full = this.streams.get(client.userId)?.full();
    if (full) {
      client.send(full);
      client.hasList = true;
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
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.flusher);
    for (const set of this.clients.values()) {
      for (const client of set) client.socket.close(code, 'Server restart');
    }
    this.clients.clear();
    this.streams.clear();
  }

  private detach(client: FeedClient): void {
    const set = this.clients.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) {
      this.clients.delete(client.userId);
      this.streams.delete(client.userId);
    }
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
