import type { NewsKind } from '../../types';
import type { ImportedEvent } from './imported-event';

/** One publisher's page, the kinds it gives, and how it is read. */
export interface CalendarSource {
  name: 'BLS' | 'FOMC' | 'EIA';
  kinds: readonly NewsKind[];
  url: string;
  parse(text: string, now: number): Promise<ImportedEvent[]>;
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

/**
 * The parsers (and the iCalendar and HTML libraries they use) load with the first page they read: the import is
 * off by default, and a server that never imports does not hold them (issue 48, idle memory).
 */
export function calendarSources(urls: CalendarUrls): CalendarSource[] {
  return [
    {
      name: 'BLS',
      kinds: ['NFP', 'CPI'],
      url: urls.bls,
      parse: async (text) => (await import('./bls-ics')).parseBlsCalendar(text),
    },
    {
      name: 'FOMC',
      kinds: ['FOMC'],
      url: urls.fomc,
      parse: async (text) => (await import('./fomc-page')).parseFomcPage(text),
    },
    {
      name: 'EIA',
      kinds: ['EIA'],
      url: urls.eia,
      parse: async (text, now) => (await import('./eia-schedule')).parseEiaSchedule(text, now),
    },
  ];
}
