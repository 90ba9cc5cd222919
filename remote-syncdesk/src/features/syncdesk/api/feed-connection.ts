import type { SyncAccount } from '@synctrade/api';
import type { FeedStatus } from '../types';
import { backoffDelay } from './backoff';
import { parseFeedMessage } from './feed-message';

/** The part of the browser's WebSocket the feed uses, so tests can pass a fake class. */
export interface FeedSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
  send(data: string): void;
}
export type FeedSocketClass = new (url: string) => FeedSocket;

export interface FeedOptions {
  /** The feed's address without the ticket (read at every connect: runtime config may change it). */
  feedUrl(): string;
  /** A fresh single-use ticket per connect: the access token never goes into a URL. */
  getTicket(): Promise<string>;
  /** A full list (`account_data`): it replaces the desk's list. */
  onAccounts(accounts: SyncAccount[]): void;
  /** The accounts of an in-sequence `account_delta`: each replaces the account with its id. */
  onChanges?(accounts: SyncAccount[]): void;
  onStatus(status: FeedStatus): void;
  socketClass: FeedSocketClass;
  random?: () => number;
  /** No frame (the server sends heartbeats every 20 s) for this long means a dead link: reconnect. */
  staleAfterMs?: number;
  log?: Pick<Console, 'warn'>;
}

export interface FeedConnection {
  close(): void;
}

const DEFAULT_STALE_MS = 45_000;

export function withTicket(feedUrl: string, ticket: string): string {
  return `${feedUrl}${feedUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(ticket)}`;
}

/** Opens the realtime accounts feed and keeps it open (backoff + jitter) until `close()`. */
export function openAccountFeed(options: FeedOptions): FeedConnection {
  const { random = Math.random, staleAfterMs = DEFAULT_STALE_MS, log = console } = options;
  let socket: FeedSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  // The number of the last account message applied on this socket; null while the client has no list
  // it can build on (before the first full list, or after a gap until the full list comes back).
  let seq: number | null = null;
  let resyncAsked = false;

  /** Deltas must follow each other without a gap; anything else asks the server for the full list. */
  const applyDelta = (socket: FeedSocket, next: number, accounts: SyncAccount[]): void => {
    if (seq !== null && next === seq + 1) {
      seq = next;
      options.onChanges?.(accounts);
      return;
    }
    log.warn(
      `syncdesk feed: expected update ${seq === null ? 'after a full list' : seq + 1}, got ${next}; asking for the full list`,
    );
    seq = null;
    if (resyncAsked) return;
    resyncAsked = true;
    try {
      socket.send(JSON.stringify({ type: 'resync' }));
    } catch {
      // A socket that cannot send is closing: the reconnect brings the full list.
      drop();
    }
  };

  const armWatchdog = (): void => {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      log.warn('syncdesk feed: no frame for too long, reconnecting');
      drop();
    }, staleAfterMs);
  };

  const retry = (): void => {
    if (stopped) return;
    options.onStatus('reconnecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), backoffDelay(attempt, random));
    attempt += 1;
  };

  // Forgets the current socket (its late events are ignored) and schedules the next attempt.
  const drop = (): void => {
    clearTimeout(staleTimer);
    const old = socket;
    socket = null;
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      old.close();
    }
    retry();
  };

  const connect = async (): Promise<void> => {
    let ticket: string;
    try {
      ticket = await options.getTicket();
    } catch (error: unknown) {
      log.warn('syncdesk feed: could not get a ticket', error);
      retry();
      return;
    }
    if (stopped) return;
    const current = new options.socketClass(withTicket(options.feedUrl(), ticket));
    socket = current;
    seq = null;
    resyncAsked = false;
    current.onopen = () => {
      options.onStatus('live');
      armWatchdog();
    };
    current.onmessage = (event) => {
      armWatchdog();
      const message = parseFeedMessage(event.data);
      if (!message) {
        log.warn('syncdesk feed: ignored a malformed frame');
        return;
      }
      // Reset the backoff only once data flows: a server that accepts then closes must not cause a tight loop.
      attempt = 0;
      if (message.type === 'account_data') {
        seq = message.seq ?? null;
        resyncAsked = false;
        options.onAccounts(message.accounts);
      } else if (message.type === 'account_delta') {
        applyDelta(current, message.seq, message.accounts);
      }
    };
    current.onerror = () => log.warn('syncdesk feed: socket error');
    current.onclose = (event) => {
      log.warn(`syncdesk feed: closed (${event.code})`);
      if (socket === current) drop();
    };
  };

  options.onStatus('connecting');
  void connect();

  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(staleTimer);
      const old = socket;
      socket = null;
      if (old) {
        old.onopen = old.onmessage = old.onclose = old.onerror = null;
        old.close(1000, 'desk closed');
      }
      options.onStatus('closed');
    },
  };
}
