import WebSocket from 'ws';
import { type Answer, AnswerLost, NotSent, RithmicRefusal, strings } from './answers';
import { decodeFrame, encodeFrame, MAX_FRAME_BYTES, type RithmicMessage } from './codec';
import { EXCHANGE_NOTIFY } from './codes';
import { wallClock } from '../../runtime/wall-clock';
import { TurnCork } from '../shared/turn-cork';

/** Requests waiting for their answer on one socket, at most. */
const MAX_PENDING = 500;
/** Rows of one answer, at most (an account list, the day's orders or fills). */
const MAX_ROWS = 20_000;

/** Templates whose snapshot rows come back as 351/352 with `is_snapshot` (320 ShowOrders, 3506 ReplayExecutions). */
const SNAPSHOT_REQUESTS = new Set([320, 3506]);

/** A frame read while an earlier one waits, with when it was read. */
interface HeldFrame {
  buffer: Buffer;
  heardAt: number;
}

/** Unknown templates already reported (358 is seen live): each is logged once per process. */
const reportedTemplates = new Set<number>();

export interface PlantHandlers {
  /** A push that answers no request (351, 352, 350, 450, 451). */
  /** `heardAt`: when the frame was read (`wallClock()`). */
  onPush(message: RithmicMessage, heardAt: number): void;
  /** 77: the login's session cap was passed; the socket closes right after. */
  onForcedLogout(): void;
  /** Once, whatever closed the socket. */
  onClosed(reason: string): void;
  warn(message: string): void;
}

interface Pending {
  templateId: number;
  rows: RithmicMessage[];
  resolve(answer: Answer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One WebSocket to one plant: framing, request ids in `user_msg`, multi-frame answers (rows carry
 * `rq_handler_rp_code`, the terminal frame `rp_code`: keyed on presence, async_rithmic `plants/base.py`), snapshot
 * rows that arrive as 351/352, heartbeats, forced logout. Logging in and reconnecting are the caller's.
 */
export class PlantSocket {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  /** Snapshot requests go one at a time: their 351/352 rows carry no request id. */
  private snapshotChain: Promise<unknown> = Promise.resolve();
  private snapshotTarget: Pending | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastSent = Date.now();
  private lastReceived = Date.now();

  /** When the last frame arrived (heartbeats' answers too). */
  get heardAt(): number {
    return this.lastReceived;
  }
  private closed = false;
  /** The requests of one turn (a fill copied to the accounts of this login) leave in one write. */
  readonly cork = new TurnCork();
  /**
   * Frames read after a live fill in the same turn, with when each was read: they wait for the next turn, so the
   * copy of the fill (the engine's work, all in microtasks with a store in memory) goes out before the rest of the
   * gateway's burst (the order's last 351s, the PnL) is decoded and applied. Order is kept: nothing is read past
   * a waiting frame.
   */
  private readonly waiting: HeldFrame[] = [];
  private holding = false;

  private constructor(
    private readonly ws: WebSocket,
    private readonly requestTimeoutMs: number,
    private handlers: PlantHandlers,
  ) {}

  static open(
    url: string,
    timeouts: { connectTimeoutMs: number; requestTimeoutMs: number },
    handlers: PlantHandlers,
  ): Promise<PlantSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, {
        maxPayload: MAX_FRAME_BYTES + 4,
        handshakeTimeout: timeouts.connectTimeoutMs,
      });
      const socket = new PlantSocket(ws, timeouts.requestTimeoutMs, handlers);
      ws.once('upgrade', (response) => socket.cork.attach(response.socket));
      const failed = (error: Error): void => {
        ws.removeAllListeners();
        ws.on('error', () => undefined);
        ws.terminate();
        reject(new NotSent(`cannot reach the gateway (${error.message})`));
      };
      ws.once('error', failed);
      ws.once('open', () => {
        ws.off('error', failed);
        socket.attach();
        resolve(socket);
      });
    });
  }

  get isOpen(): boolean {
    return !this.closed && this.ws.readyState === WebSocket.OPEN;
  }

  /** Replaces the handlers (connect-time sockets become a session's). */
  setHandlers(handlers: PlantHandlers): void {
    this.handlers = handlers;
  }

  /** Sends a request and collects its answer; a refusal rejects with `RithmicRefusal`. */
  request(templateId: number, fields: Record<string, unknown> = {}): Promise<Answer> {
    if (!SNAPSHOT_REQUESTS.has(templateId)) return this.send(templateId, fields, false);
    const run = this.snapshotChain.then(() => this.send(templateId, fields, true));
    this.snapshotChain = run.catch(() => undefined);
    return run;
  }

  /** Sends heartbeats every `intervalMs` unless other requests went out meanwhile; an unanswered one closes. */
  startHeartbeat(intervalMs: number): void {
    const every = Math.max(1_000, intervalMs);
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(
      () => {
        if (Date.now() - this.lastSent < every * 0.7) return;
        const sentAt = Date.now();
        this.request(18, {}).catch((error: unknown) => {
          // Silence since the heartbeat went out: the connection is gone even if TCP has not said so.
          if (error instanceof AnswerLost && this.lastReceived < sentAt) this.close('heartbeat unanswered');
        });
      },
      Math.max(250, Math.floor(every / 4)),
    );
    this.heartbeat.unref();
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new AnswerLost(pending.templateId, reason));
      this.pending.delete(id);
    }
    this.snapshotTarget = undefined;
    this.ws.removeAllListeners();
    this.ws.on('error', () => undefined);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
    else this.ws.terminate();
    this.handlers.onClosed(reason);
  }

  /** Logs out politely (12) and closes. */
  async logout(): Promise<void> {
    if (this.isOpen)
      await Promise.race([
        this.request(12, {}).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
    this.close('logged out');
  }

  private send(templateId: number, fields: Record<string, unknown>, snapshot: boolean): Promise<Answer> {
    if (!this.isOpen) return Promise.reject(new NotSent('the connection to Rithmic is down'));
    if (this.pending.size >= MAX_PENDING)
      return Promise.reject(new NotSent('too many requests are waiting for Rithmic'));
    const id = String(this.nextId++);
    let frame: Buffer;
    try {
      frame = encodeFrame(templateId, fields, [id]);
    } catch (error: unknown) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise<Answer>((resolve, reject) => {
      const pending: Pending = {
        templateId,
        rows: [],
        resolve,
        reject,
        timer: setTimeout(() => {
          this.pending.delete(id);
          if (this.snapshotTarget === pending) this.snapshotTarget = undefined;
          reject(new AnswerLost(templateId, 'timed out'));
        }, this.requestTimeoutMs),
      };
      this.pending.set(id, pending);
      if (snapshot) this.snapshotTarget = pending;
      this.lastSent = Date.now();
      this.cork.hold();
      this.ws.send(frame, (error) => {
        if (error !== undefined && error !== null) this.close(`send failed: ${error.message}`);
      });
    });
  }

  private attach(): void {
    this.ws.on('message', (data, isBinary) => {
      if (!isBinary) return this.warnOnce(-1, 'a text frame');
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (this.holding || this.waiting.length > 0) this.waiting.push({ buffer, heardAt: wallClock() });
      else this.receive(buffer, wallClock());
    });
    this.ws.on('close', (code) => this.close(`the gateway closed the connection (${code})`));
    this.ws.on('error', (error) => this.close(`connection error: ${error.message}`));
  }

  /** After a fill: the frames read meanwhile are handled next turn, up to the next fill. */
  private holdRest(): void {
    this.holding = true;
    setImmediate(() => {
      this.holding = false;
      // Nothing joins the list while this runs (frames arrive in I/O callbacks, not inside this one).
      let handled = 0;
      while (!this.closed && !this.holding && handled < this.waiting.length) {
        const next = this.waiting[handled] as HeldFrame;
        handled += 1;
        this.receive(next.buffer, next.heardAt);
      }
      this.waiting.splice(0, this.closed ? this.waiting.length : handled);
    });
  }

  private receive(buffer: Buffer, heardAt: number): void {
    this.lastReceived = Date.now();
    const decoded = decodeFrame(buffer);
    if (!decoded.ok) {
      if (decoded.problem === 'unknown_template' && decoded.templateId !== null)
        return this.warnOnce(decoded.templateId, `template ${decoded.templateId}`);
      return this.handlers.warn(`Rithmic: dropped a ${decoded.problem.replace('_', ' ')} frame`);
    }
    const message = decoded.message;
    const templateId = message.template_id;
    if (templateId === 77) {
      this.handlers.onForcedLogout();
      this.close('forced logout');
      return;
    }
    if ((templateId === 351 || templateId === 352) && message.is_snapshot === true) {
      const target = this.snapshotTarget;
      if (target === undefined) return this.warnOnce(-2, 'snapshot rows of a request given up on');
      if (target.rows.length < MAX_ROWS) target.rows.push(message);
      return;
    }
    const id = strings(message, 'user_msg')[0];
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (pending === undefined || id === undefined) {
      if (templateId === 75)
        return this.handlers.warn(`Rithmic rejected a message: ${strings(message, 'rp_code').join(' ')}`);
      if (strings(message, 'user_msg').length > 0) return; // a late answer to a request given up on
      this.handlers.onPush(message, heardAt);
      if (templateId === 352 && message.notify_type === EXCHANGE_NOTIFY.FILL) this.holdRest();
      return;
    }
    const rpCode = strings(message, 'rp_code');
    if (rpCode.length === 0 && templateId !== 75) {
      // A data row: the terminal frame is still to come.
      if (pending.rows.length < MAX_ROWS) pending.rows.push(message);
      return;
    }
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (this.snapshotTarget === pending) this.snapshotTarget = undefined;
    const code = rpCode[0] ?? '';
    if (code === '0' || (code === '' && templateId !== 75))
      return pending.resolve({ rows: pending.rows, final: message, noData: false });
    if (code === '7') return pending.resolve({ rows: [], final: message, noData: true });
    pending.reject(new RithmicRefusal(code || '75', rpCode.slice(1).join(' '), pending.templateId + 1));
  }

  private warnOnce(templateId: number, what: string): void {
    if (reportedTemplates.has(templateId)) return;
    reportedTemplates.add(templateId);
    this.handlers.warn(`Rithmic: ignored ${what} this adapter does not read`);
  }
}
