import type { BrokerEvent } from '../types';
import type { UserRequestWindow } from './user-request-window';
import { lockoutMessage } from './rest-client';

/**
 * Shows a 429 lockout of the Tradovate user on every connection of that user, with the engine's existing
 * connection status: down with the reason and the time it ends (the desk shows it, a notification says it),
 * then up when it ends, which makes the engine reconcile what was missed.
 */
export function reportLockouts(
  budget: UserRequestWindow,
  emit: (event: BrokerEvent) => void,
  feedUp: () => boolean,
  minimumMs: number,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const show = (until: number): void => {
    // A lockout shorter than the engine's own wait for the budget is a wait like any other: the copies
    // waiting for it go when it ends. Tradovate's (an hour) always shows.
    if (until - Date.now() < minimumMs) return;
    emit({ kind: 'connection', up: false, reason: lockoutMessage(until) });
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        if (budget.lockedOutUntil() === 0 && feedUp()) emit({ kind: 'connection', up: true });
      },
      Math.max(0, until - Date.now()) + 10,
    );
  };
  const unsubscribe = budget.onLockout(show);
  const current = budget.lockedOutUntil();
  if (current > 0) show(current);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
