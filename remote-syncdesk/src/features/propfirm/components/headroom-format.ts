import type { PropHeadroom } from '@synctrade/api';

export type Tone = 'success' | 'warning' | 'danger' | 'muted';

// "Close" on the desk: the figures a trader can still act on in time (half an hour, a few hundred dollars).
const CLOSE_DOLLARS = 500;
const CLOSE_MINUTES = 30;

export function dollars(value: number | null): string {
  if (value === null) return '—';
  const text = `$${Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
  return value < 0 ? `-${text}` : text;
}

export function dollarTone(value: number | null): Tone {
  if (value === null) return 'muted';
  if (value <= 0) return 'danger';
  return value <= CLOSE_DOLLARS ? 'warning' : 'success';
}

export function minutesText(value: number | null): string {
  if (value === null) return '—';
  if (value === 0) return 'now';
  if (value < 60) return `${value} min`;
  return `${Math.floor(value / 60)} h ${value % 60} min`;
}

export function minutesTone(value: number | null): Tone {
  if (value === null) return 'muted';
  if (value === 0) return 'danger';
  return value <= CLOSE_MINUTES ? 'warning' : 'success';
}

/** The next blackout as "FOMC policy statement, 17 Mar 13:59" (local time), and how close it is. */
export function blackoutText(
  blackout: PropHeadroom['next_blackout'],
  now: number,
): { text: string; tone: Tone } {
  if (blackout === null) return { text: '—', tone: 'muted' };
  const start = Date.parse(blackout.start);
  const when = new Date(start).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  if (start <= now) return { text: `${blackout.title}: now`, tone: 'danger' };
  const tone = start - now <= CLOSE_MINUTES * 60_000 ? 'warning' : 'muted';
  return { text: `${blackout.title}, ${when}`, tone };
}
