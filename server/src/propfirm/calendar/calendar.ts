import { DateTime } from 'luxon';
import type { NewsEvent } from '../rules/news';
import type { NewsKind } from '../types';
import { SCHEDULED_RELEASES, WEEKLY_RELEASES, type ScheduledRelease } from './scheduled-events';

const NEW_YORK = 'America/New_York';

function at(date: string, time: string): number {
  return DateTime.fromISO(`${date}T${time}`, { zone: NEW_YORK }).toMillis();
}

export interface NewsCalendar {
  events: NewsEvent[];
  /** The last date each kind has events for (`YYYY-MM-DD`), or null when the product ships none. */
  coverage: Record<NewsKind, string | null>;
}

/** The shipped releases as events, plus the user's own. */
export function buildCalendar(
  releases: readonly ScheduledRelease[] = SCHEDULED_RELEASES,
  weekly = WEEKLY_RELEASES,
): NewsCalendar {
  const events: NewsEvent[] = releases.map((release) => ({
    kind: release.kind,
    time: at(release.date, release.time),
    title: release.title,
  }));
  const coverage: Record<NewsKind, string | null> = { FOMC: null, NFP: null, CPI: null, EIA: null };
  for (const release of releases)
    if ((coverage[release.kind] ?? '') < release.date) coverage[release.kind] = release.date;
  for (const rule of weekly) {
    let day = DateTime.fromISO(rule.from, { zone: NEW_YORK });
    const until = DateTime.fromISO(rule.until, { zone: NEW_YORK });
    while (day.weekday !== rule.weekday) day = day.plus({ days: 1 });
    for (; day <= until; day = day.plus({ weeks: 1 })) {
      const date = day.toISODate() ?? '';
      events.push({ kind: rule.kind, time: at(date, rule.time), title: rule.title, roots: rule.roots });
      if ((coverage[rule.kind] ?? '') < date) coverage[rule.kind] = date;
    }
  }
  events.sort((a, b) => a.time - b.time);
  return { events, coverage };
}

/**
 * What the server says about its calendar for the kinds a rule set watches: kinds with no dates, and kinds
 * whose dates end within `warnDays`.
 */
export function calendarWarnings(
  calendar: NewsCalendar,
  kinds: readonly NewsKind[],
  now: number,
  warnDays = 30,
): string[] {
  const warnings: string[] = [];
  const horizon = DateTime.fromMillis(now, { zone: NEW_YORK }).plus({ days: warnDays }).toISODate() ?? '';
  for (const kind of kinds) {
    const last = calendar.coverage[kind];
    if (last === null) warnings.push(`No ${kind} dates are shipped: add them as your own events`);
    else if (last < horizon)
      warnings.push(`The ${kind} calendar runs out after ${last}: add later dates as your own events`);
  }
  return warnings;
}
