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

  constructor(readonly ws: WebSocket) {}

  send(templateId: number, fields: Fields): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame(encodeAs(templateId, fields)));
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
