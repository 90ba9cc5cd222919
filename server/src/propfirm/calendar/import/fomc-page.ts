import { DateTime } from 'luxon';
import { parse } from 'node-html-parser';
import type { ImportedEvent } from './imported-event';

const NEW_YORK = 'America/New_York';
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthNumber(name: string): number | null {
  const index = MONTHS.findIndex((month) => month.startsWith(name.trim().toLowerCase().slice(0, 3)));
  return index < 0 ? null : index + 1;
}

/**
 * The FOMC's scheduled meetings from the Federal Reserve's calendar page: one panel per year ("2027 FOMC
 * Meetings"), one `.fomc-meeting` row per meeting with its month ("January", or "Apr/May" across two months) and
 * days ("26-27", "30-1", "16-17*" for a meeting with projections). The statement comes at 2 p.m. Eastern on the
 * last day. Unscheduled meetings and notation votes are not scheduled releases and stay out.
 */
export function parseFomcPage(html: string): ImportedEvent[] {
  const root = parse(html);
  const events: ImportedEvent[] = [];
  for (const panel of root.querySelectorAll('div.panel')) {
    const heading = panel.querySelector('.panel-heading')?.text ?? '';
    const year = /(\d{4})\s+FOMC Meetings/.exec(heading)?.[1];
    if (year === undefined) continue;
    for (const row of panel.querySelectorAll('.fomc-meeting')) {
      const monthText = row.querySelector('.fomc-meeting__month')?.text.trim() ?? '';
      const dayText = row.querySelector('.fomc-meeting__date')?.text.trim() ?? '';
      if (/unscheduled|notation/i.test(dayText)) continue;
      const lastMonth = monthNumber(monthText.split('/').at(-1) ?? '');
      const lastDay = /(\d{1,2})\s*\*?\s*$/.exec(dayText)?.[1];
      if (lastMonth === null || lastDay === undefined) continue;
      const day = DateTime.fromObject(
        { year: Number(year), month: lastMonth, day: Number(lastDay), hour: 14 },
        { zone: NEW_YORK },
      );
      if (!day.isValid) continue;
      events.push({ kind: 'FOMC', time: day.toMillis(), title: 'FOMC policy statement' });
    }
  }
  if (events.length === 0) throw new Error('No FOMC meetings found on the calendar page');
  return events.sort((a, b) => a.time - b.time);
}
