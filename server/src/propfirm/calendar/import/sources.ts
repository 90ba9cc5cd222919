import type { NewsKind } from '../../types';
import { parseBlsCalendar } from './bls-ics';
import { parseEiaSchedule } from './eia-schedule';
import { parseFomcPage } from './fomc-page';
import type { ImportedEvent } from './imported-event';

/** One publisher's page, the kinds it gives, and how it is read. */
export interface CalendarSource {
  name: 'BLS' | 'FOMC' | 'EIA';
  kinds: readonly NewsKind[];
  url: string;
  parse(text: string, now: number): ImportedEvent[];
}

export interface CalendarUrls {
  bls: string;
  fomc: string;
  eia: string;
}

export const PUBLISHER_URLS: CalendarUrls = {
  bls: 'https://www.bls.gov/schedule/news_release/bls.ics',
  fomc: 'https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm',
  eia: 'https://www.eia.gov/petroleum/supply/weekly/schedule.php',
};

export function calendarSources(urls: CalendarUrls): CalendarSource[] {
  return [
    { name: 'BLS', kinds: ['NFP', 'CPI'], url: urls.bls, parse: (text) => parseBlsCalendar(text) },
    { name: 'FOMC', kinds: ['FOMC'], url: urls.fomc, parse: (text) => parseFomcPage(text) },
    { name: 'EIA', kinds: ['EIA'], url: urls.eia, parse: parseEiaSchedule },
  ];
}
