import WebSocket from 'ws';
import { TurnCork } from '../shared/turn-cork';
import { BrokerError } from '../types';
import type { TradovateTimings } from './config';
import { classifyMessage, encodeRequest, parseFrame } from './frames';
import type { JsonRecord } from './json';
import { wallClock } from '../../runtime/wall-clock';

export interface SocketHandlers {
  /** `heardAt`: when the frame carrying it was read (`wallClock()`). */
  onProps(data: unknown, heardAt: number): void;
  /** After the last message of a frame: Tradovate sends an order and its `New` command in one frame. */
  onFrameEnd(): void;
  onShutdown(reasonCode: string): void;
  /** Called once when the socket is gone, for whatever reason. */
  onClosed(reason: string): void;
}

interface Pending {
  resolve(answer: { status: number; data: unknown }): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One authorized user-data socket: frames, request ids, heartbeats. Reconnecting is the feed's job. */
export class TradovateSocket {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private lastSent = Date.now();
  private lastReceived = Date.now();

  /** When the last frame arrived (heartbeats too). */
  get heardAt(): number {
    return this.lastReceived;
  }
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private opened: (() => void) | undefined;
  /** The frames written in one turn leave in one write. */
  private readonly cork = new TurnCork();

  private constructor(
    private readonly ws: WebSocket,
    private readonly timings: TradovateTimings,
    private readonly handlers: SocketHandlers,
  ) {}

  static async connect(
    url: string,
    token: string,
    timings: TradovateTimings,
    handlers: SocketHandlers,
  ): Promise<TradovateSocket> {
    const socket = new TradovateSocket(new WebSocket(url), timings, handlers);
    await socket.start();
    const answer = await socket.request('authorize', token, '', 0);
    if (answer.status !== 200) {
      socket.close('authorization refused');
      throw new BrokerError(
        `Tradovate refused the socket authorization: ${String(answer.data ?? answer.status)}`,
        'unauthorized',
      );
    }
    return socket;
  }

  private start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const failTimer = setTimeout(() => {
        this.close('no open frame');
        reject(new BrokerError('Tradovate socket did not open in time', 'unavailable'));
      }, this.timings.requestTimeoutMs);
      this.opened = () => {
        clearTimeout(failTimer);
        resolve();
      };
      this.ws.once('upgrade', (response) => this.cork.attach(response.socket));
      this.ws.on('message', (raw) => this.receive(String(raw)));
      this.ws.on('error', (error) => {
        clearTimeout(failTimer);
        reject(new BrokerError(`Tradovate socket error: ${error.message}`, 'unavailable'));
        this.close(`socket error: ${error.message}`);
      });
      this.ws.on('close', (code) => {
        clearTimeout(failTimer);
        reject(new BrokerError(`Tradovate socket closed (${code})`, 'unavailable'));
        this.close(`socket closed (${code})`);
      });
      this.timer = setInterval(() => this.tick(), Math.max(50, this.timings.heartbeatMs / 2));
    });
  }

  /** Tradovate drops a client that stays silent, and a server that stays silent is gone. */
  private tick(): void {
    const now = Date.now();
    if (now - this.lastReceived > this.timings.serverSilenceMs) {
      this.close('server went silent');
      return;
    }
    if (now - this.lastSent >= this.timings.heartbeatMs * 0.9) this.send('[]');
  }

  private send(text: string): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    this.lastSent = Date.now();
    this.cork.hold();
    this.ws.send(text);
  }

  private receive(raw: string): void {
    const heardAt = wallClock();
    this.lastReceived = Date.now();
    const frame = parseFrame(raw);
    if (frame.type === 'open') this.opened?.();
    else if (frame.type === 'close') this.close(`closed by Tradovate (${frame.code} ${frame.reason})`);
    else if (frame.type === 'messages') {
      for (const message of frame.messages) this.dispatch(message, heardAt);
      this.handlers.onFrameEnd();
    }
  }

  private dispatch(raw: unknown, heardAt: number): void {
    const message = classifyMessage(raw);
    if (message.kind === 'response') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      pending.resolve({ status: message.status, data: message.data });
    } else if (message.kind === 'props') this.handlers.onProps(message.data, heardAt);
    else if (message.kind === 'shutdown') this.handlers.onShutdown(message.reasonCode);
  }

  request(
    endpoint: string,
    body: JsonRecord | string | undefined,
    query = '',
    fixedId?: number,
  ): Promise<{ status: number; data: unknown }> {
    if (this.closed) return Promise.reject(new BrokerError('Tradovate socket is closed', 'unavailable'));
    const id = fixedId ?? this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BrokerError(`Tradovate did not answer ${endpoint} in time`, 'unavailable'));
      }, this.timings.requestTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.send(encodeRequest(endpoint, id, query, body));
    });
  }

  close(reason = 'closed by us'): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new BrokerError(`Tradovate socket closed before answering (${reason})`, 'unavailable'));
      this.pending.delete(id);
    }
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)
      this.ws.terminate();
    this.handlers.onClosed(reason);
  }
}
