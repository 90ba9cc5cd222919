import type { BrokerEvent } from '../types';

type Listener = (event: BrokerEvent) => void;

/** The ledger's batches: an event waits until the batch holding the change it reports is stored. */
export interface DeliveryGate {
  batchOf(): number;
  isStored(batch: number): boolean;
  whenStored(batch: number): Promise<void>;
}

interface Queued {
  event: BrokerEvent;
  batch: number;
}

interface Subscriber {
  listener: Listener;
  queue: Queued[];
  scheduled: boolean;
}

/**
 * Delivers each account's events to the sessions that watch it. Delivery is queued and drained on a
 * microtask, as a socket would: a listener never runs inside the command that caused the event.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly past = new Map<string, BrokerEvent[]>();
  /** Set by a venue with a ledger; without one, events go out on the next microtask. */
  gate: DeliveryGate | null = null;

  /** `history`: events kept per account for `replay` (0: none). */
  constructor(private readonly history: number) {}

  keepsHistory(): boolean {
    return this.history > 0;
  }

  listen(accountIds: readonly string[], listener: Listener): () => void {
    const subscriber: Subscriber = { listener, queue: [], scheduled: false };
    for (const id of accountIds) {
      const set = this.subscribers.get(id) ?? new Set<Subscriber>();
      set.add(subscriber);
      this.subscribers.set(id, set);
    }
    return () => {
      for (const id of accountIds) this.subscribers.get(id)?.delete(subscriber);
      subscriber.queue.length = 0;
    };
  }

  emit(accountId: string, event: BrokerEvent, copies = 1): void {
    if (this.history > 0) {
      const past = this.past.get(accountId) ?? [];
      past.push(event);
      if (past.length > this.history) past.shift();
      this.past.set(accountId, past);
    }
    this.deliver(accountId, event, copies);
  }

  /** Delivers the account's last `count` events once more (a feed replaying after a reconnect). */
  replay(accountId: string, count: number): void {
    const past = this.past.get(accountId) ?? [];
    for (const event of past.slice(-count)) this.deliver(accountId, event, 1);
  }

  private deliver(accountId: string, event: BrokerEvent, copies: number): void {
    const set = this.subscribers.get(accountId);
    if (set === undefined) return;
    const batch = this.gate?.batchOf() ?? 0;
    for (const subscriber of set) {
      for (let i = 0; i < copies; i += 1) subscriber.queue.push({ event, batch });
      if (!subscriber.scheduled) this.schedule(subscriber, batch);
    }
  }

  private schedule(subscriber: Subscriber, batch: number): void {
    subscriber.scheduled = true;
    const gate = this.gate;
    if (gate === null || gate.isStored(batch)) queueMicrotask(() => this.drain(subscriber));
    else void gate.whenStored(batch).then(() => this.drain(subscriber));
  }

  /** Delivers the queued events whose changes are stored, in order; the rest wait for their batch. */
  private drain(subscriber: Subscriber): void {
    subscriber.scheduled = false;
    const gate = this.gate;
    let count = 0;
    while (count < subscriber.queue.length) {
      const queued = subscriber.queue[count] as Queued;
      if (gate !== null && !gate.isStored(queued.batch)) break;
      count += 1;
    }
    const ready = subscriber.queue.splice(0, count);
    const waiting = subscriber.queue[0];
    if (waiting !== undefined) this.schedule(subscriber, waiting.batch);
    for (const { event } of ready) {
      try {
        subscriber.listener(event);
      } catch {
        // A listener's failure must not stop delivery to the others; the listener logs its own errors.
      }
    }
  }
}
