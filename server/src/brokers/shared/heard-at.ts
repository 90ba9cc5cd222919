import type { BrokerEvent } from '../types';

/**
 * The event with the moment the frame that carried it was read from the broker's socket (`heardAt`), for the
 * events the copier times (fills and orders). An adapter that holds an event back (a contract look-up, a
 * snapshot loading) still reports when the broker's frame reached the server.
 */
export function stampHeard(event: BrokerEvent, heardAt: number | undefined): BrokerEvent {
  if (heardAt === undefined || (event.kind !== 'fill' && event.kind !== 'order')) return event;
  return { ...event, heardAt };
}
