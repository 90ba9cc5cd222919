import { isCanceledRequest } from '../client/http-errors';

const inFlight = new Map<string, AbortController>();

/**
 * "Only the latest request per action type is honoured" (spec section 4): starting an action aborts the
 * earlier in-flight request of the same action, so a late answer never overwrites a newer one.
 */
export function latestSignal(action: string): AbortSignal {
  inFlight.get(action)?.abort();
  const controller = new AbortController();
  inFlight.set(action, controller);
  return controller.signal;
}

/** True for the rejection of a request that a newer one replaced: callers ignore it silently. */
export function isCanceled(error: unknown): boolean {
  return isCanceledRequest(error) || (error instanceof DOMException && error.name === 'AbortError');
}
