import type { BusEventName, BusEvents } from './events';

type Handler<E extends BusEventName> = (payload: BusEvents[E]) => void;

/** A tiny typed publish/subscribe. One instance per page: the package is a federation singleton. */
export interface EventBus {
  /** Subscribes and returns the unsubscribe function. */
  on<E extends BusEventName>(event: E, handler: Handler<E>): () => void;
  emit<E extends BusEventName>(event: E, payload: BusEvents[E]): void;
}

export function createEventBus(): EventBus {
  const handlers = new Map<BusEventName, Set<Handler<BusEventName>>>();
  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as Handler<BusEventName>);
      handlers.set(event, set);
      return () => {
        set.delete(handler as Handler<BusEventName>);
      };
    },
    emit(event, payload) {
      // Copy first: a handler may unsubscribe while we iterate.
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          handler(payload as BusEvents[BusEventName]);
        } catch (error: unknown) {
          // One broken listener must not stop the others (they may live in other remotes).
          console.error(`event-bus: a "${event}" handler threw`, error);
        }
      }
    },
  };
}

/** The page-wide bus. */
export const bus: EventBus = createEventBus();
