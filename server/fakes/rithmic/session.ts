import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { frame } from './framing';
import type { FakeRithmicUser, Plant } from './model';
import { encodeAs, type Fields } from './proto';

/** One WebSocket: before login it answers only 16, 10 and 18; after login, its plant's templates. */
export class Session {
  user: FakeRithmicUser | null = null;
  plant: Plant | null = null;
  /** Order of logins across the fake: the session cap logs the oldest out. */
  loginSeq = 0;
  /** Accounts whose order notifications (308) and P&L (400) this session gets. */
  readonly orderAccounts = new Set<string>();
  readonly pnlAccounts = new Set<string>();
  private watchdog: NodeJS.Timeout | undefined;
  private readonly stamps: number[] = [];
  closed = false;
  private corked = false;

  /** `socket` is the connection under `ws` (the upgrade request's), corked while one turn of work sends. */
  constructor(
    readonly ws: WebSocket,
    private readonly socket?: Socket,
  ) {}

  /**
   * Frames sent in one turn of the event loop (an order's eight notifications, its P&L pushes) leave in one write,
   * as a gateway's TCP stack coalesces them; a write call per frame made the fake's own sending the largest cost on
   * a copier bench's machine, delaying the orders it stamps behind them.
   */
  send(templateId: number, fields: Fields): void {
    this.sendEncoded(encodeAs(templateId, fields));
  }

  /** Sends a message already encoded: a notification for every session of an account is encoded once. */
  sendEncoded(payload: Uint8Array): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.socket !== undefined && !this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket?.uncork();
      });
    }
    this.ws.send(frame(payload));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.watchdog);
    this.ws.close(code, reason);
    // A peer that never answers the close handshake is cut after a second.
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  /** Restarts the silence watchdog: a socket silent for 2 × heartbeat_interval is dropped, logged in or not. */
  heard(heartbeatSeconds: number): void {
    if (this.closed) return;
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => this.close(4000, 'heartbeat timeout'), 2 * heartbeatSeconds * 1000);
    this.watchdog.unref();
  }

  /** Sliding-window throttle: true when this request is within `perWindow` per `windowMs`. */
  allow(limit: { perWindow: number; windowMs: number } | null, now = Date.now()): boolean {
    if (limit === null) return true;
    while (this.stamps.length > 0 && (this.stamps[0] ?? 0) <= now - limit.windowMs) this.stamps.shift();
    if (this.stamps.length >= limit.perWindow) return false;
    this.stamps.push(now);
    return true;
  }

  stop(): void {
    clearTimeout(this.watchdog);
  }
}
