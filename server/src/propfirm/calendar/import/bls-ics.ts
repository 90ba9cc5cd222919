import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { ImportedEvent } from './imported-event';

const NEW_YORK = 'America/New_York';

/** The BLS releases the blackout rule knows, by the start of their SUMMARY. */
const RELEASES = [
  { prefix: 'Employment Situation', kind: 'NFP' },
  { prefix: 'Consumer Price Index', kind: 'CPI' },
] as const;

/** The release time in UTC: BLS gives wall-clock times in Eastern Time (its own VTIMEZONE), or UTC with a Z. */
function utcOf(start: InstanceType<typeof ICAL.Time>): number {
  if (start.zone === ICAL.Timezone.utcTimezone) return start.toJSDate().getTime();
  return DateTime.fromObject(
    { year: start.year, month: start.month, day: start.day, hour: start.hour, minute: start.minute },
    { zone: NEW_YORK },
  ).toMillis();
}

/** Employment Situation (NFP) and Consumer Price Index (CPI) releases from the BLS release calendar (iCalendar). */
export function parseBlsCalendar(text: string): ImportedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error('The BLS feed is not a VCALENDAR');
  const events: ImportedEvent[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const summary = (event.summary ?? '').trim();
    const release = RELEASES.find((candidate) => summary.startsWith(candidate.prefix));
    // "Consumer Price Index" also starts nothing else BLS publishes; real-earnings and PPI releases stay out.
    if (release === undefined || event.startDate === null) continue;
    events.push({ kind: release.kind, time: utcOf(event.startDate), title: summary });
  }
  return events.sort((a, b) => a.time - b.time);
}
