import { useEffect, useRef } from 'react';
import { bus } from './bus';
import type { BusEventName, BusEvents } from './events';

/** Subscribes a component to a bus event for its lifetime; the latest handler is always the one called. */
export function useBusEvent<E extends BusEventName>(
  event: E,
  handler: (payload: BusEvents[E]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => bus.on(event, (payload) => latest.current(payload)), [event]);
}
