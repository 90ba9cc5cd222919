import type { Connection } from '@synctrade/api';
import { agoText, healthDetail } from './connection-health-text';

const NOW = Date.UTC(2026, 11, 4, 12, 0, 0);
const at = (msBefore: number): string => new Date(NOW - msBefore).toISOString();

describe('a connection’s health in words', () => {
  it('when the broker was heard, then the time reads as a trader glances at it', () => {
    expect(agoText(at(1_999), NOW)).toBe('just now');
    expect(agoText(at(2_000), NOW)).toBe('2 s ago');
    expect(agoText(at(59_999), NOW)).toBe('59 s ago');
    expect(agoText(at(60_000), NOW)).toBe('1 min ago');
    expect(agoText(at(3_599_999), NOW)).toBe('59 min ago');
    expect(agoText(at(7_200_000), NOW)).toBe('2 h ago');
    // A server clock a little ahead of the browser's is not "in the future".
    expect(agoText(at(-3_000), NOW)).toBe('just now');
  });

  it('when the connection is off, or has no session, then it says so instead of a time', () => {
    const connection = { enabled: true } as Connection;
    const live = {
      connection_id: 1,
      session_open: true,
      up: true,
      last_heard_at: at(15_000),
      budget_left: 3,
      budget_per_minute: 72,
    };
    expect(healthDetail(connection, live, NOW)).toBe(
      'Last heard 15 s ago · 3 requests free now (72 a minute)',
    );
    expect(healthDetail(connection, { ...live, budget_left: 15_000, budget_per_minute: 60_000 }, NOW)).toBe(
      'Last heard 15 s ago · 15,000 requests free now (60,000 a minute)',
    );
    expect(healthDetail({ enabled: false } as Connection, live, NOW)).toBe('Not copying: switched off');
    expect(healthDetail(connection, undefined, NOW)).toBe('No live session to the broker');
    expect(healthDetail(connection, { ...live, session_open: false }, NOW)).toBe(
      'No live session to the broker',
    );
  });
});
