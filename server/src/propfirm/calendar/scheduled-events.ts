import type { NewsKind } from '../types';

/** A release at a wall-clock time in New York, as its publisher announces it. */
export interface ScheduledRelease {
  kind: NewsKind;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm`, New York time. */
  time: string;
  title: string;
}

export interface ReleaseSource {
  kind: NewsKind;
  publisher: string;
  /** The publisher's page the dates come from. */
  url: string;
  note: string;
}

/**
 * Scheduled market-moving releases shipped with the product (dates are public). Each kind names its publisher's
 * page; the server says where each kind's dates run out, and users add what is missing.
 */
export const RELEASE_SOURCES: readonly ReleaseSource[] = [
  {
    kind: 'FOMC',
    publisher: 'Federal Reserve',
    url: 'https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm',
    note:
      'Tentative 2027 schedule announced by the FOMC on 2025-09-05 (and the 2026 schedule, announced in 2024); the ' +
      'policy statement comes at 2 p.m. Eastern Time on the second day of each meeting.',
  },
  {
    kind: 'EIA',
    publisher: 'U.S. Energy Information Administration',
    url: 'https://www.eia.gov/petroleum/supply/weekly/',
    note:
      'The Weekly Petroleum Status Report comes out on Wednesdays at 10:30 a.m. Eastern Time; in a week with a ' +
      'federal holiday it moves a day later, which this weekly rule does not know: add those days as events.',
  },
  {
    kind: 'NFP',
    publisher: 'U.S. Bureau of Labor Statistics',
    url: 'https://www.bls.gov/schedule/news_release/empsit.htm',
    note: 'Not shipped yet: add the Employment Situation dates from this page as events.',
  },
  {
    kind: 'CPI',
    publisher: 'U.S. Bureau of Labor Statistics',
    url: 'https://www.bls.gov/schedule/news_release/cpi.htm',
    note: 'Not shipped yet: add the Consumer Price Index dates from this page as events.',
  },
];

const FOMC_DAYS = [
  '2026-12-09',
  '2027-01-27',
  '2027-03-17',
  '2027-04-28',
  '2027-06-09',
  '2027-07-28',
  '2027-09-15',
  '2027-10-27',
  '2027-12-08',
  '2028-01-26',
];

export const SCHEDULED_RELEASES: readonly ScheduledRelease[] = FOMC_DAYS.map((date) => ({
  kind: 'FOMC',
  date,
  time: '14:00',
  title: 'FOMC policy statement',
}));

/** Weekly releases, generated from their publisher's rule between two dates (inclusive). */
export const WEEKLY_RELEASES: ReadonlyArray<{
  kind: NewsKind;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  time: string;
  from: string;
  until: string;
  title: string;
  /** Contract roots concerned. */
  roots: readonly string[];
}> = [
  {
    kind: 'EIA',
    weekday: 3,
    time: '10:30',
    from: '2026-11-25',
    until: '2027-11-24',
    title: 'EIA Weekly Petroleum Status Report',
    roots: ['CL', 'MCL'],
  },
];
