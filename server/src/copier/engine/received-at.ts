import { wallClock } from '../../runtime/wall-clock';
import type { BrokerEvent } from '../../brokers/types';

/**
 * When an event reached the server, on the engine's clock: the adapter's socket read when it stamped one
 * (`heardAt`), so every wait before the engine saw the event (a look-up in the adapter, a busy thread) is in
 * the copy's latency; else now. Only the time since the read is taken from the wall clock: the engine's clock
 * may be a test's.
 */
export function receivedAtOf(event: BrokerEvent, now: number): number {
  const heardAt = event.kind === 'fill' || event.kind === 'order' ? event.heardAt : undefined;
  if (heardAt === undefined) return now;
  return now - Math.max(0, wallClock() - heardAt);
}
