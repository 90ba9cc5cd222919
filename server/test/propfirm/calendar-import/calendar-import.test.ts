import type { Db } from '../../../src/db/db';
import { migrate } from '../../../src/db/migrate';
import {
  decideOrder,
  initialGuardState,
  luxonZones,
  presetById,
  type PropRules,
} from '../../../src/propfirm';
import type { NewsCalendar } from '../../../src/propfirm/calendar/calendar';
import { CalendarImporter } from '../../../src/propfirm/calendar/import/calendar-importer';
import { ImportStore } from '../../../src/propfirm/calendar/import/import-store';
import { calendarSources } from '../../../src/propfirm/calendar/import/sources';
import { fetchPage } from '../../../src/propfirm/calendar/import/fetch-page';
import { activeBlackout } from '../../../src/propfirm/rules/news';
import { createTestDb } from '../../support/test-db';
import { serveFixtures } from './serve-fixtures';

// Expected times are worked out by hand from the fixtures: New York is UTC−5 in December and January, UTC−4 from
// 2027-03-14; BLS releases at 08:30 and the FOMC statement at 14:00 New York time.
const utc = (iso: string): number => Date.parse(iso);
const NOW = utc('2026-12-20T12:00:00Z');

type Publishers = Awaited<ReturnType<typeof serveFixtures>>;

describe('the news calendar imported from its publishers', () => {
  let db: Db;
  let publishers: Publishers;
  let calendar: NewsCalendar | null;
  let logged: string[];

  const importer = (): CalendarImporter =>
    new CalendarImporter({
      store: new ImportStore(db),
      sources: calendarSources({
        bls: `${publishers.base}/bls.ics`,
        fomc: `${publishers.base}/fomc.htm`,
        eia: `${publishers.base}/eia.php`,
      }),
      onCalendar: (next) => {
        calendar = next;
      },
      log: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
      now: () => NOW,
    });

  const stored = async () =>
    (await new ImportStore(db).all()).map((event) => [
      event.kind,
      new Date(event.time).toISOString(),
      event.title,
    ]);

  beforeEach(async () => {
    db = await createTestDb();
    await migrate(db);
    publishers = await serveFixtures();
    calendar = null;
    logged = [];
  });

  afterEach(async () => {
    await publishers.close();
    await db.close();
  });

  it('when the three publishers answer, then NFP, CPI, FOMC and EIA dates are stored with their source', async () => {
    await importer().runOnce();
    const rows = await stored();
    expect(rows.filter(([kind]) => kind === 'NFP' || kind === 'CPI')).toEqual([
      ['NFP', '2026-12-04T13:30:00.000Z', 'Employment Situation for November 2026'],
      ['CPI', '2026-12-10T13:30:00.000Z', 'Consumer Price Index for November 2026'],
      ['NFP', '2027-01-08T13:30:00.000Z', 'Employment Situation for December 2026'],
      ['CPI', '2027-01-13T13:30:00.000Z', 'Consumer Price Index for December 2026'],
    ]);
    expect(rows.filter(([kind]) => kind === 'FOMC')).toEqual([
      ['FOMC', '2026-12-09T19:00:00.000Z', 'FOMC policy statement'],
      ['FOMC', '2027-01-27T19:00:00.000Z', 'FOMC policy statement'],
      ['FOMC', '2027-03-17T18:00:00.000Z', 'FOMC policy statement'],
      ['FOMC', '2027-05-01T18:00:00.000Z', 'FOMC policy statement'],
      ['FOMC', '2027-12-08T19:00:00.000Z', 'FOMC policy statement'],
    ]);
    const eia = rows.filter(([kind]) => kind === 'EIA').map(([, at]) => at);
    // The holiday weeks move; the others stay on Wednesday 10:30.
    expect(eia.slice(0, 4)).toEqual([
      '2026-12-16T15:30:00.000Z',
      '2026-12-23T17:00:00.000Z',
      '2026-12-31T16:00:00.000Z',
      '2027-01-06T15:30:00.000Z',
    ]);
    expect(eia).toContain('2027-01-21T15:30:00.000Z');
    expect(eia).not.toContain('2027-01-20T15:30:00.000Z');
    expect(eia.at(-1)).toBe('2027-12-29T15:30:00.000Z');
    const sources = await db.query<{ kind: string; source_url: string; imported_at: Date }>(
      'SELECT DISTINCT kind, source_url, imported_at FROM news_calendar_events ORDER BY kind',
    );
    expect(sources.map((row) => [row.kind, row.source_url.replace(publishers.base, '')])).toEqual([
      ['CPI', '/bls.ics'],
      ['EIA', '/eia.php'],
      ['FOMC', '/fomc.htm'],
      ['NFP', '/bls.ics'],
    ]);
    expect(sources.every((row) => new Date(row.imported_at).getTime() === NOW)).toBe(true);
  });

  it('when the import runs again on the same pages, then nothing is doubled', async () => {
    await importer().runOnce();
    const first = await stored();
    await importer().runOnce();
    expect(await stored()).toEqual(first);
  });

  it('when a publisher fails, then its stored dates stay and the operator is told', async () => {
    await importer().runOnce();
    const before = await stored();
    publishers.answers.set('bls.ics', 'error');
    const run = importer();
    const status = await run.runOnce();
    expect(await stored()).toEqual(before);
    const bls = status.sources.find((source) => source.name === 'BLS');
    expect(bls?.error).toBe(`${publishers.base}/bls.ics answered 503`);
    expect(bls?.lastSuccess).toBeNull();
    expect(logged).toContain(
      `News calendar: BLS import from ${publishers.base}/bls.ics failed (${publishers.base}/bls.ics answered 503); the stored dates stay`,
    );
    expect(calendar?.coverage.CPI).toBe('2027-01-13');
  });

  it('when the dates a publisher gave end within 30 days, then the kind is reported as running out', async () => {
    const status = await importer().runOnce();
    // Now is 2026-12-20: BLS lists up to 2027-01-13 (before 2027-01-19); FOMC and EIA reach December 2027.
    expect(status.runningOut).toEqual([
      { kind: 'NFP', lastDate: '2027-01-08' },
      { kind: 'CPI', lastDate: '2027-01-13' },
    ]);
    expect(logged).toContain(
      "News calendar: CPI dates run out after 2027-01-13; check the publisher's page or add them as events",
    );
  });

  it('when a CPI release is imported, then the blackout rule refuses entries around it', async () => {
    await importer().runOnce();
    const events = calendar?.events ?? [];
    const found = presetById('tpt-pro-plus-50k');
    if (found === undefined) throw new Error('no preset');
    const rules: PropRules = structuredClone(found.rules);
    rules.news.kinds = ['CPI'];
    // 1 minute either side of 08:30 New York = 13:30Z on 2027-01-13.
    expect(activeBlackout(rules.news, events, utc('2027-01-13T13:28:59Z'), 'ESH7')).toBeNull();
    expect(activeBlackout(rules.news, events, utc('2027-01-13T13:29:00Z'), 'ESH7')?.event.title).toBe(
      'Consumer Price Index for December 2026',
    );
    expect(activeBlackout(rules.news, events, utc('2027-01-13T13:31:00Z'), 'ESH7')).toBeNull();
    const at = { now: utc('2027-01-13T13:30:00Z'), zones: luxonZones, events };
    const state = initialGuardState(rules, at);
    const order = {
      symbol: 'ESH7',
      signedQty: 2,
      positions: new Map<string, number>(),
      others: [],
      leaderBreach: null,
    };
    expect(decideOrder(rules, at, state, order)).toEqual({
      qty: 0,
      rule: 'news',
      reason: 'News blackout: Consumer Price Index for December 2026',
      closeFirst: [],
    });
  });

  it('when a page redirects to another host, is too large or is not http(s), then nothing is read', async () => {
    publishers.answers.set('fomc.htm', 'elsewhere');
    await expect(fetchPage(`${publishers.base}/fomc.htm`)).rejects.toThrow(
      `${publishers.base}/fomc.htm redirects to another host (example.invalid)`,
    );
    publishers.answers.set('eia.php', 'huge');
    await expect(fetchPage(`${publishers.base}/eia.php`)).rejects.toThrow('is larger than 2000000 bytes');
    await expect(fetchPage('file:///etc/passwd')).rejects.toThrow(
      'Only http(s) is fetched: file:///etc/passwd',
    );
  });

  it('when a page holds no releases, then the import fails and stores nothing', async () => {
    publishers.answers.set('fomc.htm', 'fixture');
    const status = await new CalendarImporter({
      store: new ImportStore(db),
      sources: calendarSources({
        bls: `${publishers.base}/eia.php`,
        fomc: `${publishers.base}/bls.ics`,
        eia: `${publishers.base}/missing`,
      }),
      onCalendar: () => undefined,
      log: { info: () => undefined, warn: () => undefined },
      now: () => NOW,
    }).runOnce();
    expect(status.sources.map((source) => source.error !== null)).toEqual([true, true, true]);
    expect(await stored()).toEqual([]);
  });
});
