import type { ClaimRequest, ClaimResult, CopyStore } from './ports';
import type { CopyOutcome, CopySkip } from './types';

/**
 * Copy latency per leader event: received → each follower order sent. The bench reads it; the orders list
 * shows the per-order figures the store keeps.
 */
export interface EventLatency {
  receivedAt: number;
  lastSentAt: number;
  sends: number;
}

const KEEP = 50_000;

export class CopyMetrics {
  readonly events = new Map<string, EventLatency>();
  sent = 0;

  onSent(eventKey: string, receivedAt: number, sentAt: number): void {
    this.sent += 1;
    const entry = this.events.get(eventKey);
    if (entry === undefined) {
      if (this.events.size >= KEEP) this.events.clear();
      this.events.set(eventKey, { receivedAt, lastSentAt: sentAt, sends: 1 });
      return;
    }
    entry.lastSentAt = Math.max(entry.lastSentAt, sentAt);
    entry.sends += 1;
  }

  reset(): void {
    this.events.clear();
    this.sent = 0;
  }
}

/** Told of what the engine stores (operators' metrics listen here, so the engine knows no metrics library). */
export interface CopyObserver {
  claimed?(request: ClaimRequest, result: ClaimResult): void;
  outcome?(outcome: CopyOutcome): void;
  skipped?(skip: CopySkip): void;
}

const observers = new WeakMap<CopyMetrics, Set<CopyObserver>>();

/** Adds an observer of the engine's claims, outcomes and skips; answers its removal. */
export function observeCopies(metrics: CopyMetrics, observer: CopyObserver): () => void {
  let set = observers.get(metrics);
  if (set === undefined) {
    set = new Set();
    observers.set(metrics, set);
  }
  set.add(observer);
  return () => set.delete(observer);
}

/** The store as the engine uses it: every claim, outcome and skip is also told to the observers. */
export function observedStore(store: CopyStore, metrics: CopyMetrics): CopyStore {
  const each = (call: (observer: CopyObserver) => void): void => {
    for (const observer of observers.get(metrics) ?? []) call(observer);
  };
  return {
    open: () => store.open(),
    claim: async (request) => {
      const result = await store.claim(request);
      each((observer) => observer.claimed?.(request, result));
      return result;
    },
    recordOutcome: (outcome) => {
      store.recordOutcome(outcome);
      each((observer) => observer.outcome?.(outcome));
    },
    recordSkip: (skip) => {
      store.recordSkip(skip);
      each((observer) => observer.skipped?.(skip));
    },
    recordBrokerEvent: (account, event, role) => store.recordBrokerEvent(account, event, role),
    unresolved: (accountIds) => store.unresolved(accountIds),
    flush: () => store.flush(),
  };
}
