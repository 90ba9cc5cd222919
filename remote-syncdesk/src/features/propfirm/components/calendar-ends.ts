import type { AccountPropRules } from '@synctrade/api';

type CalendarEnd = AccountPropRules['calendar_ends'][number];

const KIND_NAMES: Record<CalendarEnd['kind'], string> = {
  FOMC: 'FOMC',
  NFP: 'jobs report (NFP)',
  CPI: 'CPI',
  EIA: 'EIA oil inventory',
};

/** "The news calendar knows no CPI dates after 12 Jan 2027: …" as a trader reads it, in the browser's words for dates. */
export function calendarEndText(end: CalendarEnd): string {
  const kind = KIND_NAMES[end.kind];
  const advice =
    'pause copying into this account around those releases yourself, or ask whoever runs this server to import the publishers’ calendars.';
  if (end.last_date === null)
    return `The news calendar has no ${kind} dates: the news blackout cannot pause copying around them. To be safe, ${advice}`;
  const last = new Date(`${end.last_date}T12:00:00Z`).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `The news calendar knows no ${kind} dates after ${last}: the news blackout cannot see past it. To be safe, ${advice}`;
}
