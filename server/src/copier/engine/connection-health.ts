import type { ConnectionHealth } from '@synctrade/api/types';
import type { SessionEntry } from './state';
import type { EngineAccount } from './types';

/**
 * Each of the user's connections as the engine holds it: its session, when the broker was last heard (the adapter's
 * own reading, heartbeats included, or the session's newest event) and its login's request budget.
 */
export function connectionHealth(
  accounts: Iterable<EngineAccount>,
  sessions: ReadonlyMap<number, SessionEntry>,
  userId: number,
): ConnectionHealth[] {
  const connections = new Set<number>();
  for (const account of accounts) if (account.userId === userId) connections.add(account.connectionId);
  return [...connections]
    .sort((a, b) => a - b)
    .map((connectionId) => {
      const entry = sessions.get(connectionId);
      if (entry === undefined)
        return {
          connection_id: connectionId,
          session_open: false,
          up: false,
          last_heard_at: null,
          budget_left: null,
          budget_per_minute: null,
        };
      const heard = Math.max(entry.heardAt, entry.session.lastHeardAt?.() ?? 0);
      return {
        connection_id: connectionId,
        session_open: true,
        up: entry.up,
        last_heard_at: new Date(heard).toISOString(),
        budget_left: entry.budget.left,
        budget_per_minute: entry.budget.perMinute,
      };
    });
}
