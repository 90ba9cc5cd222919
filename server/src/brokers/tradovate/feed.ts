import { BrokerError, type BrokerEvent } from '../types';
import { stampHeard } from '../shared/heard-at';
import type { TradovateTimings } from './config';
import type { FeedState } from './feed-state';
import { isRecord, optString } from './json';
import type { IpBudget } from './ip-budget';
import type { UserRequestWindow } from './user-request-window';
import type { SocketChannel } from './rest-client';
import { sleep } from './user-request-window';
import { syncRequest } from './sync-request';
import { TradovateSocket } from './socket';
import { mentionsUnknownContract, missingContracts } from './unknown-contracts';

export interface FeedDeps {
  wsUrl: string;
  timings: TradovateTimings;
  token(): string;
  userId: number;
  state: FeedState;
  budget: UserRequestWindow;
  ipBudget: IpBudget;
  emit(event: BrokerEvent): void;
  /** Looks up contracts the feed mentions but the snapshot did not include. */
  resolveContracts(ids: number[]): Promise<void>;
  warn(message: string): void;
}

/** A `props` event and when its frame was read. */
interface HeardProps {
  data: unknown;
  heardAt: number;
}

/**
 * The user-data feed: one socket at a time, a snapshot on every (re)connect, `props` events applied in order,
 * and reconnection with exponential back-off and jitter. `connection` events tell the engine to reconcile.
 */
export class TradovateFeed {
  private socket: TradovateSocket | undefined;
  private heardBefore: number | null = null;
  private stopped = false;
  private up = false;
  private attempt = 0;
  private work: Promise<void> = Promise.resolve();
  private buffered: HeardProps[] | undefined;
  private queued = 0;
  /** Events of the current frame were applied at once; its end flushes what waited for a command. */
  private frameApplied = false;
  /** When the frame of the event being applied was read: the events it produces carry it. */
  private heardAt: number | undefined;

  constructor(private readonly deps: FeedDeps) {}

  /** First connection: failures reach the caller, so opening a session with a bad token fails loudly. */
  async start(): Promise<void> {
    await this.connect(false);
  }

  /** When Tradovate was last heard: the current socket's last frame, or the last socket's. */
  lastHeardAt(): number | null {
    if (this.socket !== undefined) this.heardBefore = this.socket.heardAt;
    return this.heardBefore;
  }

  /** Whether the socket is up with its snapshot loaded. */
  isUp(): boolean {
    return this.up;
  }

  /** The authorized socket while it is up, for commands sent over it. */
  channel(): SocketChannel | undefined {
    return this.up ? this.socket : undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.socket?.close('session closed');
    await this.work;
  }

  private async connect(isReconnect: boolean): Promise<void> {
    this.buffered = [];
    // Handlers may fire while connect() is still running (a refused authorization closes the socket).
    const ref: { socket?: TradovateSocket } = {};
    const socket = await TradovateSocket.connect(this.deps.wsUrl, this.deps.token(), this.deps.timings, {
      onProps: (data, heardAt) => this.onProps(ref.socket, { data, heardAt }),
      onFrameEnd: () => this.onFrameEnd(ref.socket),
      onShutdown: (reasonCode) => ref.socket?.close(`Tradovate shutdown (${reasonCode})`),
      onClosed: (reason) => this.onClosed(ref.socket, reason),
    });
    ref.socket = socket;
    if (this.stopped) return socket.close('session closed');
    this.socket = socket;
    try {
      const snapshot = await syncRequest(socket, this.deps);
      this.deps.state.absorbContracts(snapshot);
      await this.deps.resolveContracts(missingContracts(this.deps.state, snapshot));
      const changes = this.deps.state.loadSnapshot(snapshot, isReconnect);
      const pending = this.buffered;
      this.buffered = undefined;
      for (const event of changes) this.deps.emit(event);
      for (const props of pending) this.enqueue(props);
    } catch (error: unknown) {
      // Whoever called connect() handles this failure; the close must not start a second reconnect loop.
      this.socket = undefined;
      socket.close('snapshot failed');
      throw error;
    }
    this.attempt = 0;
    this.up = true;
    if (isReconnect) this.deps.emit({ kind: 'connection', up: true });
  }

  private onProps(socket: TradovateSocket | undefined, props: HeardProps): void {
    if (!this.current(socket)) return;
    if (this.buffered) this.buffered.push(props);
    // Nothing waiting and every contract known: applied at once. Awaiting a look-up that has nothing to look
    // up put every event of a frame one promise turn behind the last, on the copy's path.
    else if (this.queued === 0 && !mentionsUnknownContract(this.deps.state, props.data)) {
      this.applyEvent(props);
      this.frameApplied = true;
    } else this.enqueue(props);
  }

  /** The frame is over: an order still waiting for its command is emitted now, as when a queue drains. */
  private onFrameEnd(socket: TradovateSocket | undefined): void {
    if (!this.current(socket) || !this.frameApplied) return;
    this.frameApplied = false;
    // Events of this frame still queued behind a contract look-up are flushed when that queue drains.
    if (this.queued === 0) this.flushAll();
  }

  private current(socket: TradovateSocket | undefined): boolean {
    return socket !== undefined && (socket === this.socket || this.socket === undefined);
  }

  private applyEvent({ data, heardAt }: HeardProps): void {
    this.heardAt = heardAt;
    try {
      if (!isRecord(data)) throw new Error('props event without a body');
      const entityType = optString(data, 'entityType') ?? '';
      const eventType = optString(data, 'eventType') ?? 'Updated';
      this.deps.state.apply(entityType, eventType, data.entity);
      for (const event of this.deps.state.flush(false)) this.deps.emit(stampHeard(event, heardAt));
    } catch (error: unknown) {
      this.deps.warn(
        `Tradovate feed: skipped a malformed event (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }

  private flushAll(): void {
    for (const event of this.deps.state.flush(true)) this.deps.emit(stampHeard(event, this.heardAt));
  }

  /**
   * Events behind a contract look-up are applied one after another, so a look-up never reorders them; an
   * order still waiting for its command is emitted at the latest when the queue is drained (the end of its
   * frame, or of the frames that arrived during the look-up).
   */
  private enqueue(props: HeardProps): void {
    this.queued += 1;
    this.work = this.work.then(async () => {
      try {
        await this.deps.resolveContracts(missingContracts(this.deps.state, props.data));
        this.applyEvent(props);
      } catch (error: unknown) {
        this.deps.warn(
          `Tradovate feed: skipped an event (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      this.queued -= 1;
      if (this.queued === 0) this.flushAll();
    });
  }

  private onClosed(socket: TradovateSocket | undefined, reason: string): void {
    if (socket === undefined || socket !== this.socket || this.stopped) return;
    this.heardBefore = socket.heardAt;
    this.socket = undefined;
    // A socket lost while (re)connecting is the connecting code's failure to handle.
    if (!this.up) return;
    this.up = false;
    this.deps.emit({ kind: 'connection', up: false, reason });
    void this.reconnectLoop();
  }

  private async reconnectLoop(): Promise<void> {
    while (!this.stopped) {
      const { reconnectBaseMs, reconnectMaxMs } = this.deps.timings;
      const backoff = Math.min(reconnectMaxMs, reconnectBaseMs * 2 ** this.attempt);
      // Jitter spreads the reconnections of many sessions after a server restart.
      await sleep(backoff / 2 + Math.random() * (backoff / 2));
      this.attempt += 1;
      if (this.stopped) return;
      try {
        await this.connect(true);
        return;
      } catch (error: unknown) {
        if (error instanceof BrokerError && error.retryAt) await sleep(error.retryAt - Date.now());
        this.deps.warn(
          `Tradovate feed: reconnect failed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
  }
}
