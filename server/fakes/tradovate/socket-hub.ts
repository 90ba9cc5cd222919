import type WebSocket from 'ws';
import type { Body } from './api-reads';
import type { FakeContext } from './context';
import { processRequest } from './pipeline';
import { answerSyncRequest } from './sync-answer';
import type { PropsEvent } from './venue-types';

interface Connection {
  ws: WebSocket;
  token: string | undefined;
  userId: number | undefined;
  synced: boolean;
  /** The entity types its sync request asked for: only those come as `props`. */
  entityTypes: Set<string>;
  lastHeard: number;
  lastSent: number;
  outbox: unknown[];
  openedAt: number;
  ip: string;
}

const MAX_SOCKETS_PER_USER = 50;

/**
 * Tradovate's user-data socket: `o` on connect, `authorize`, `h` heartbeats while idle, silent clients dropped
 * after about three intervals, request ids echoed, and messages batched into one `a[...]` frame per turn.
 */
export class SocketHub {
  private readonly connections = new Set<Connection>();
  /** Events held back by the `holdEventsOf` fault, per user, in order. */
  private readonly held = new Map<number, PropsEvent[]>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: FakeContext,
    private readonly heartbeatMs: number,
  ) {
    this.timer = setInterval(() => this.beat(), heartbeatMs / 2);
    this.unsubscribe = ctx.venue.onEvents((userId, events) => this.deliver(userId, events));
  }

  accept(ws: WebSocket, ip = 'unknown'): void {
    const connection: Connection = {
      ws,
      token: undefined,
      userId: undefined,
      synced: false,
      entityTypes: new Set(),
      lastHeard: Date.now(),
      lastSent: Date.now(),
      outbox: [],
      openedAt: Date.now(),
      ip,
    };
    this.connections.add(connection);
    ws.on('message', (data) => void this.receive(connection, String(data)));
    ws.on('close', () => this.connections.delete(connection));
    ws.on('error', () => this.connections.delete(connection));
    this.sendRaw(connection, 'o');
  }

  get size(): number {
    return this.connections.size;
  }

  private sendRaw(connection: Connection, frame: string): void {
    if (connection.ws.readyState !== connection.ws.OPEN) return;
    connection.lastSent = Date.now();
    connection.ws.send(frame);
  }

  private queue(connection: Connection, message: unknown): void {
    connection.outbox.push(message);
    if (connection.outbox.length > 1) return;
    setImmediate(() => {
      const batch = connection.outbox.splice(0);
      if (batch.length === 0) return;
      this.sendRaw(connection, `a${JSON.stringify(batch)}`);
      this.noteFills(batch);
    });
  }

  private noteFills(batch: unknown[]): void {
    const atHr = performance.now();
    for (const message of batch) {
      const event = message as Partial<PropsEvent>;
      if (event.e !== 'props' || event.d?.entityType !== 'fill' || event.d.eventType !== 'Created') continue;
      const { id, orderId } = event.d.entity;
      if (typeof id === 'number' && typeof orderId === 'number')
        this.ctx.fillsSent.push({ fillId: id, orderId, atHr });
    }
  }

  private deliver(userId: number, events: PropsEvent[]): void {
    if (this.ctx.faults.holdEventsOf.includes(userId) || this.held.has(userId)) {
      this.held.set(userId, [...(this.held.get(userId) ?? []), ...events]);
      return;
    }
    const malformed = this.ctx.faults.malformedEvent;
    this.ctx.faults.malformedEvent = false;
    for (const connection of this.connections) {
      if (connection.userId !== userId || !connection.synced) continue;
      if (malformed)
        this.queue(connection, {
          e: 'props',
          d: { entityType: 'fill', eventType: 'Created', entity: { id: 'broken' } },
        });
      for (const original of events) {
        if (!connection.entityTypes.has(original.d.entityType)) continue;
        const event = this.ctx.faults.arrayEntities
          ? { ...original, d: { ...original.d, entity: [original.d.entity] } }
          : original;
        this.queue(connection, event);
        if (this.ctx.faults.duplicateEvents) this.queue(connection, event);
      }
    }
  }

  private releaseHeld(): void {
    for (const [userId, events] of [...this.held]) {
      if (this.ctx.faults.holdEventsOf.includes(userId)) continue;
      this.held.delete(userId);
      this.deliver(userId, events);
    }
  }

  private beat(): void {
    this.releaseHeld();
    const now = Date.now();
    for (const connection of this.connections) {
      if (now - connection.lastHeard > this.heartbeatMs * 3) {
        this.closeOne(connection, 1008, 'Heartbeat timeout');
      } else if (now - connection.lastSent >= this.heartbeatMs) this.sendRaw(connection, 'h');
    }
  }

  private async receive(connection: Connection, text: string): Promise<void> {
    connection.lastHeard = Date.now();
    if (text === '[]') return;
    const [endpoint = '', idText = '', query = '', ...bodyLines] = text.split('\n');
    const id = Number(idText);
    if (!Number.isInteger(id)) return;
    const bodyText = bodyLines.join('\n');
    if (endpoint === 'authorize') return this.authorize(connection, id, tokenOf(bodyText));
    if (connection.userId === undefined)
      return this.queue(connection, { i: id, s: 401, d: 'Not authorized' });
    let body: Body = {};
    try {
      const parsed: unknown = bodyText.trim() === '' ? {} : JSON.parse(bodyText);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Body;
    } catch {
      return this.queue(connection, { i: id, s: 400, d: 'Malformed JSON body' });
    }
    let synced = false;
    const outcome = await processRequest(this.ctx, {
      endpoint,
      query: new URLSearchParams(query),
      body,
      token: connection.token,
      via: 'ws',
      ip: connection.ip,
      local: (userId) => {
        if (endpoint.toLowerCase() !== 'user/syncrequest') return undefined;
        const answer = answerSyncRequest((only) => this.ctx.venue.snapshot(userId, only), body);
        if (answer.types === undefined) return { status: answer.status, body: answer.body };
        synced = true;
        connection.entityTypes = answer.types;
        return { status: answer.status, body: answer.body };
      },
    });
    if (outcome.kind === 'drop') return void connection.ws.terminate();
    if (outcome.kind === 'garbage')
      return this.sendRaw(connection, `a[{"i":${id},"s":200,"d":${outcome.text}`);
    this.queue(connection, {
      i: id,
      s: outcome.status,
      ...(outcome.body !== undefined ? { d: outcome.body } : {}),
    });
    // Events start after the snapshot, in the same ordered outbox.
    if (synced && outcome.status === 200) connection.synced = true;
  }

  private authorize(connection: Connection, id: number, token: string): void {
    const userId = this.ctx.tokens.userOf(token);
    if (userId === undefined) return this.queue(connection, { i: id, s: 401, d: 'Access is denied' });
    connection.token = token;
    connection.userId = userId;
    this.queue(connection, { i: id, s: 200 });
    const mine = [...this.connections]
      .filter((c) => c.userId === userId)
      .sort((a, b) => a.openedAt - b.openedAt);
    // One socket too many closes the user's oldest one, and its token stops working.
    const oldest = mine[0];
    if (mine.length > MAX_SOCKETS_PER_USER && oldest) {
      if (oldest.token !== undefined) this.ctx.tokens.revoke(oldest.token);
      this.closeOne(oldest, 1008, 'ConnectionQuotaReached');
    }
  }

  closeOne(connection: Connection, code: number, reason: string): void {
    this.sendRaw(connection, `c${JSON.stringify([code, reason])}`);
    connection.ws.close();
    this.connections.delete(connection);
  }

  closeAll(code: number, reason: string): void {
    for (const connection of [...this.connections]) this.closeOne(connection, code, reason);
  }

  /** Every connection cut at the TCP level: no close frame, no close handshake. */
  dropAll(): void {
    for (const connection of [...this.connections]) {
      connection.ws.terminate();
      this.connections.delete(connection);
    }
  }

  /** The `shutdown` event, then the socket goes away as Tradovate's does. */
  shutdown(reasonCode: string): void {
    for (const connection of [...this.connections]) {
      this.sendRaw(connection, `a${JSON.stringify([{ e: 'shutdown', d: { reasonCode } }])}`);
      setTimeout(() => connection.ws.close(), 20);
      this.connections.delete(connection);
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const connection of this.connections) connection.ws.terminate();
    this.connections.clear();
  }
}

/** The token as sent: raw, or JSON-quoted as Tradovate's own examples send it (`JSON.stringify(token)`). */
function tokenOf(bodyText: string): string {
  const text = bodyText.trim();
  if (!text.startsWith('"')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'string' ? parsed : text;
  } catch {
    return text;
  }
}
