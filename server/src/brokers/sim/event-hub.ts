import type { BrokerEvent } from '../types';

type Listener = (event: BrokerEvent) => void;

interface Subscriber {
  listener: Listener;
  queue: BrokerEvent[];
  scheduled: boolean;
}

const HISTORY = 100;

/**
 * Delivers each account's events to the sessions that watch it. Delivery is queued and drained on a
 * microtask, as a socket would: a listener never runs inside the command that caused the event.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly history = new Map<string, BrokerEvent[]>();

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
    const past = this.history.get(accountId) ?? [];
    past.push(event);
    if (past.length > HISTORY) past.shift();
    this.history.set(accountId, past);
    this.deliver(accountId, event, copies);
  }

  /** Delivers the account's last `count` events once more (a feed replaying after a reconnect). */
  replay(accountId: string, count: number): void {
    const past = this.history.get(accountId) ?? [];
    for (const event of past.slice(-count)) this.deliver(accountId, event, 1);
  }

  private deliver(accountId: string, event: BrokerEvent, copies: number): void {
    const set = this.subscribers.get(accountId);
    if (set === undefined) return;
    for (const subscriber of set) {
      for (let i = 0; i < copies; i += 1) subscriber.queue.push(event);
      if (!subscriber.scheduled) {
        subscriber.scheduled = true;
        queueMicrotask(() => drain(subscriber));
      }
    }
  }
}

function drain(subscriber: Subscriber): void {
  subscriber.scheduled = false;
  const events = subscriber.queue.splice(0);
  for (const event of events) {
    try {
      subscriber.listener(event);
    } catch {
      // A listener's failure must not stop delivery to the others; the listener logs its own errors.
    }
  }
}
