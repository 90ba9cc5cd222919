import type { Connection, ConnectionHealth } from '@synctrade/api';
import { formatCount } from '@synctrade/ui';

/** How long ago an instant was, as a trader glances at it: "just now", "12 s ago", "4 min ago", "3 h ago". */
export function agoText(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 2) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/**
 * The line under a connection: when its broker was last heard and its login's request budget, as the copier holds
 * them; a switched-off connection, or one without a live session, says that instead.
 */
export function healthDetail(
  connection: Connection,
  health: ConnectionHealth | undefined,
  now: number,
): string {
  if (!connection.enabled) return 'Not copying: switched off';
  if (health === undefined || !health.session_open || health.last_heard_at === null)
    return 'No live session to the broker';
  const heard = `Last heard ${agoText(health.last_heard_at, now)}`;
  if (health.budget_left === null || health.budget_per_minute === null) return heard;
  return `${heard} · ${formatCount(health.budget_left)} requests free now (${formatCount(health.budget_per_minute)} a minute)`;
}
