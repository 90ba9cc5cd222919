import type { Db } from '../db/db';
import type { ChannelTarget } from './channel-target';
import type { AlertPayload } from './events';
import {
  claimDue,
  heldBy,
  holdChannel,
  markFailed,
  markSent,
  releaseClaims,
  reschedule,
  type ClaimedAlert,
} from './outbox-repo';
import { RateHolds } from './rate-holds';
import type { SendOutcome } from './senders/send-outcome';

/** Sends one alert to one channel's service. */
export type Deliver = (target: ChannelTarget, payload: AlertPayload) => Promise<SendOutcome>;

export interface WorkerOptions {
  db: Db;
  deliver: Deliver;
  /** How often the outbox is read when it had nothing due. */
  pollMs: number;
  /** First retry after this; each further one doubles it, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A row that failed this many times is given up (`failed`). */
  maxAttempts: number;
  /** How long a claim keeps other workers off a row (longer than a send's time-out). */
  leaseMs: number;
  batch: number;
  log: (error: unknown, context: string) => void;
}

/** The bucket a service limits: one Telegram chat, one Discord webhook, one push endpoint, one address. */
export function bucketOf(target: ChannelTarget): string {
  switch (target.kind) {
    case 'telegram':
      return `telegram:${target.chat_id}`;
    case 'discord':
      return `discord:${target.url}`;
    case 'webpush':
      return `webpush:${target.endpoint}`;
    case 'email':
      return `email:${target.email}`;
  }
}

/** Buckets sent to side by side in one pass. */
const PARALLEL_BUCKETS = 8;

export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The outbox's delivery loop. Every row is claimed before it is sent and marked after, so a stopped worker's
 * rows are taken up by the next one; `stop()` waits for the send under way and hands back the claims left.
 */
export class DeliveryWorker {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;
  private readonly holds = new RateHolds();

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Wakes the loop now (an alert was just queued). */
  poke(): void {
    if (this.running && !this.tick) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tick;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick = this.runOnce()
        .catch((error: unknown) => this.options.log(error, 'alert delivery'))
        .then((sent) => {
          this.tick = null;
          if (this.running) this.schedule(sent === true ? 0 : this.idleWait());
        });
    }, ms);
  }

  /** Until the next poll, or until a service's hold ends sooner: the held alerts go the moment they may. */
  private idleWait(): number {
    const held = this.holds.nextEndIn();
    return held === undefined ? this.options.pollMs : Math.min(this.options.pollMs, held + 5);
  }

  /**
   * One pass: claims what is due and sends it; true when it found rows (the next pass follows at once). Each
   * bucket's alerts go in order, one at a time (a service's limit and a chat's order are per bucket); different
   * buckets go side by side, so one slow service or one trader's burst does not hold up the others' alerts.
   */
  async runOnce(): Promise<boolean> {
    const { db } = this.options;
    const rows = await claimDue(db, this.options.batch, this.options.leaseMs);
    const claimedAt = Date.now();
    const queues = new Map<string, ClaimedAlert[]>();
    for (const row of rows) {
      const bucket = bucketOf(row.target);
      queues.set(bucket, [...(queues.get(bucket) ?? []), row]);
    }
    const lanes = [...queues.values()];
    const sendLane = async (lane: ClaimedAlert[]): Promise<void> => {
      for (let index = 0; index < lane.length; index += 1) {
        // Stopping, or the claim running short (a slow service): the rest go back for the next pass or node.
        if (!this.running || Date.now() - claimedAt > this.options.leaseMs / 3) {
          await releaseClaims(
            db,
            lane.slice(index).map((row) => row.id),
          );
          return;
        }
        await this.sendOne(lane[index] as ClaimedAlert);
      }
    };
    const workers = Array.from({ length: Math.min(PARALLEL_BUCKETS, lanes.length) }, async () => {
      for (let lane = lanes.shift(); lane !== undefined; lane = lanes.shift()) await sendLane(lane);
    });
    await Promise.all(workers);
    return rows.length > 0;
  }

  private async payloadOf(row: ClaimedAlert): Promise<AlertPayload> {
    if (row.event !== 'summary') return row.payload;
    const { count, titles } = await heldBy(this.options.db, row.id);
    return {
      title: `${count} more alerts in the last minute`,
      text: titles.join('\n') + (count > titles.length ? `\n… and ${count - titles.length} more` : ''),
      url: row.payload.url,
    };
  }

  private async sendOne(row: ClaimedAlert): Promise<void> {
    const { db, deliver } = this.options;
    const bucket = bucketOf(row.target);
    const heldUntil = this.holds.until(bucket);
    if (heldUntil > 0) {
      await releaseClaims(db, [row.id]);
      return holdChannel(db, row.channelId, heldUntil);
    }
    let outcome: SendOutcome;
    try {
      outcome = await deliver(row.target, await this.payloadOf(row));
    } catch (error) {
      outcome = { kind: 'retry', reason: error instanceof Error ? error.message : 'send failed' };
    }
    if (outcome.kind === 'sent') {
      await markSent(db, row.id);
      if (outcome.holdMs) {
        this.holds.hold(bucket, outcome.holdMs);
        await holdChannel(db, row.channelId, this.holds.until(bucket));
      }
      return;
    }
    if (outcome.kind === 'refused') return markFailed(db, row.id, outcome.reason);
    if (row.attempts + 1 >= this.options.maxAttempts) return markFailed(db, row.id, outcome.reason);
    if (outcome.afterMs !== undefined) {
      // The service's own word wins over our backoff, and holds every other alert to the same bucket.
      this.holds.hold(bucket, outcome.afterMs);
      // Due at once here, then held with the channel's other alerts to the same instant, so their order holds.
      await reschedule(db, row.id, 0, outcome.reason, true);
      return holdChannel(db, row.channelId, this.holds.until(bucket));
    }
    const delay = backoffDelay(row.attempts + 1, this.options.backoffMs, this.options.maxBackoffMs);
    return reschedule(db, row.id, delay, outcome.reason, true);
  }
}
