import type { FastifyInstance } from 'fastify';
import type { FeedMessage } from '@synctrade/api/types';
import WebSocket from 'ws';

/** A real `ws` client on the feed, collecting messages; the app must be listening on a port. */
export interface TestFeed {
  socket: WebSocket;
  messages: FeedMessage[];
  /** Resolves with the first message (already received or future) matching `predicate`. */
  next(predicate?: (message: FeedMessage) => boolean, timeoutMs?: number): Promise<FeedMessage>;
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once the socket is open (attached at creation, so it is never missed). */
  opened: Promise<void>;
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

export async function getTicket(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/ws-ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) throw new Error(`ticket failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { ticket: string }).ticket;
}

export function openFeed(wsBase: string, ticket: string): TestFeed {
  const socket = new WebSocket(`${wsBase}/ws/accounts?token=${encodeURIComponent(ticket)}`);
  const messages: FeedMessage[] = [];
  const waiters: Array<{
    predicate: (message: FeedMessage) => boolean;
    resolve: (message: FeedMessage) => void;
  }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as FeedMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const opened = new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
  });
  return {
    socket,
    messages,
    closed,
    opened,
    next(predicate = () => true, timeoutMs = 5000) {
      const seen = messages.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching feed message')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
}

/** Waits until the hub has attached `count` sockets of the user (the ticket check is asynchronous). */
export async function waitForSockets(
  app: FastifyInstance,
  userId: number,
  count = 1,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (app.realtime.socketCount(userId) < count) {
    if (Date.now() > deadline)
      throw new Error(`user ${userId} has ${app.realtime.socketCount(userId)} sockets, expected ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
