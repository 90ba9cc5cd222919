import { DateTime } from 'luxon';
import { parse } from 'node-html-parser';
import type { ImportedEvent } from './imported-event';

const NEW_YORK = 'America/New_York';
const TITLE = 'EIA Weekly Petroleum Status Report';

function dateIn(text: string): DateTime | null {
  const day = DateTime.fromFormat(text.trim().replace(/\s+/g, ' '), 'MMMM d, yyyy', { zone: NEW_YORK });
  return day.isValid ? day : null;
}

function timeIn(text: string): { hour: number; minute: number } | null {
  const match = /(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?/i.exec(text);
  if (match === null) return null;
  const hour = (Number(match[1]) % 12) + ((match[3] ?? '').toLowerCase() === 'p' ? 12 : 0);
  return { hour, minute: Number(match[2]) };
}

/**
 * The Weekly Petroleum Status Report's releases: EIA publishes it on Wednesdays at 10:30 a.m. Eastern, and its
 * schedule page lists the weeks that differ (a federal holiday moves it), one table row each: the week's usual
 * date, the release date, its weekday, its time and the holiday. The result is every week from the first listed
 * row's week to the end of the last listed row's year, with the listed weeks moved.
 */
export function parseEiaSchedule(html: string, now: number): ImportedEvent[] {
  const moved = new Map<string, DateTime>();
  let last: DateTime | null = null;
  for (const row of parse(html).querySelectorAll('tr')) {
    const cells = row.querySelectorAll('td').map((cell) => cell.text);
    const dates = cells.map(dateIn).filter((day): day is DateTime => day !== null);
    const time = cells.map(timeIn).find((found) => found !== null);
    const listed = dates[1] ?? dates[0];
    if (listed === undefined || time === undefined) continue;
    const release = listed.set({ hour: time.hour, minute: time.minute });
    moved.set(release.toFormat("kkkk-'W'WW"), release);
    if (last === null || release > last) last = release;
  }
  if (last === null) throw new Error('No release rows found on the EIA schedule page');
  const events: ImportedEvent[] = [];
  const end = last.endOf('year');
  let week = DateTime.fromMillis(now, { zone: NEW_YORK }).startOf('week');
  for (; week <= end; week = week.plus({ weeks: 1 })) {
    const release =
      moved.get(week.toFormat("kkkk-'W'WW")) ?? week.set({ weekday: 3, hour: 10, minute: 30, second: 0 });
    events.push({ kind: 'EIA', time: release.toMillis(), title: TITLE });
  }
  return events;
}
