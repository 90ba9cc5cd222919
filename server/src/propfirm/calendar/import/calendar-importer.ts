import { DateTime } from 'luxon';
import type { NewsKind } from '../../types';
import { buildCalendar, type NewsCalendar } from '../calendar';
import { DEFAULT_LIMITS, fetchPage, type FetchLimits } from './fetch-page';
import type { ImportStore } from './import-store';
import type { StoredImport } from './imported-event';
import type { CalendarSource } from './sources';

const DAY = 24 * 3600_000;
const NEW_YORK = 'America/New_York';
const KINDS: readonly NewsKind[] = ['FOMC', 'NFP', 'CPI', 'EIA'];

/** How one source's last try went. */
export interface SourceStatus {
  name: CalendarSource['name'];
  url: string;
  lastTry: string | null;
  lastSuccess: string | null;
  /** Events read on the last success. */
  imported: number;
  error: string | null;
}

/** The importer's answer to the operator: each source, and the kinds whose dates end within the warning window. */
export interface ImportStatus {
  sources: SourceStatus[];
  coverage: Record<NewsKind, string | null>;
  runningOut: Array<{ kind: NewsKind; lastDate: string | null }>;
}

export interface ImporterOptions {
  store: ImportStore;
  sources: readonly CalendarSource[];
  /** The calendar changed (after each run): the guard takes it in. */
  onCalendar: (calendar: NewsCalendar) => void;
  log: { info(message: string): void; warn(message: string): void };
  now?: () => number;
  limits?: FetchLimits;
  warnDays?: number;
  /** The shipped calendar the imports are laid over. */
  shipped?: NewsCalendar;
}

/**
 * The shipped calendar with the imported dates laid over it: where a kind has imports, its shipped events within the
 * imported span are replaced (the publisher's word wins); outside it, the shipped dates stay the fallback.
 */
export function mergedCalendar(imports: readonly StoredImport[], shipped: NewsCalendar = buildCalendar()) {
  const spans = new Map<NewsKind, { from: number; to: number }>();
  for (const event of imports) {
    const span = spans.get(event.kind) ?? { from: event.time, to: event.time };
    spans.set(event.kind, { from: Math.min(span.from, event.time), to: Math.max(span.to, event.time) });
  }
  const kept = shipped.events.filter((event) => {
    const span = spans.get(event.kind);
    // A day either side: a moved release (EIA's holiday weeks) replaces the shipped one of its week.
    return span === undefined || event.time < span.from - DAY * 3 || event.time > span.to + DAY * 3;
  });
  const events = [
    ...kept,
    ...imports.map((event) => ({
      kind: event.kind,
      time: event.time,
      title: event.title,
      ...(event.kind === 'EIA' ? { roots: ['CL', 'MCL'] } : {}),
    })),
  ].sort((a, b) => a.time - b.time);
  const coverage = { ...shipped.coverage };
  for (const event of imports) {
    const date = DateTime.fromMillis(event.time, { zone: NEW_YORK }).toISODate() ?? '';
    if ((coverage[event.kind] ?? '') < date) coverage[event.kind] = date;
  }
  return { events, coverage };
}

/** Imports the release calendars from their publishers at start and daily; a failed fetch keeps what was stored. */
export class CalendarImporter {
  private readonly statuses: Map<string, SourceStatus>;
  private coverage: Record<NewsKind, string | null> = { FOMC: null, NFP: null, CPI: null, EIA: null };
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ImporterOptions) {
    this.now = options.now ?? Date.now;
    this.statuses = new Map(
      options.sources.map((source) => [
        source.name,
        { name: source.name, url: source.url, lastTry: null, lastSuccess: null, imported: 0, error: null },
      ]),
    );
  }

  /** Fetches every source once, stores what each gave, and hands the merged calendar on. */
  async runOnce(): Promise<ImportStatus> {
    for (const source of this.options.sources) await this.importSource(source);
    await this.refresh();
    const status = this.status();
    for (const { kind, lastDate } of status.runningOut)
      this.options.log.warn(
        lastDate === null
          ? `News calendar: no ${kind} dates known; check the publisher's page or add them as events`
          : `News calendar: ${kind} dates run out after ${lastDate}; check the publisher's page or add them as events`,
      );
    return status;
  }

  /** Reads the stored imports into the calendar (at start, before the first fetch, and after each run). */
  async refresh(): Promise<NewsCalendar> {
    const calendar = mergedCalendar(await this.options.store.all(), this.options.shipped);
    this.coverage = calendar.coverage;
    this.options.onCalendar(calendar);
    return calendar;
  }

  /** Where each source stands, and the kinds whose known dates end within the warning window. */
  status(): ImportStatus {
    const horizon =
      DateTime.fromMillis(this.now(), { zone: NEW_YORK })
        .plus({ days: this.options.warnDays ?? 30 })
        .toISODate() ?? '';
    return {
      sources: [...this.statuses.values()].map((status) => ({ ...status })),
      coverage: { ...this.coverage },
      runningOut: KINDS.filter((kind) => (this.coverage[kind] ?? '') < horizon).map((kind) => ({
        kind,
        lastDate: this.coverage[kind],
      })),
    };
  }

  /** Runs now, then once a day; errors are logged, never thrown. */
  start(everyMs = DAY): void {
    const run = (): void => {
      this.runOnce().catch((error: unknown) =>
        this.options.log.warn(`News calendar import failed: ${String(error)}`),
      );
    };
    run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private async importSource(source: CalendarSource): Promise<void> {
    const status = this.statuses.get(source.name);
    if (status === undefined) return;
    const now = this.now();
    status.lastTry = new Date(now).toISOString();
    try {
      const text = await fetchPage(source.url, this.options.limits ?? DEFAULT_LIMITS);
      const events = (await source.parse(text, now)).filter((event) => source.kinds.includes(event.kind));
      if (events.length === 0) throw new Error('the page lists no releases');
      await this.options.store.replace(source.kinds, events, source.url, now);
      Object.assign(status, { lastSuccess: status.lastTry, imported: events.length, error: null });
      this.options.log.info(
        `News calendar: ${events.length} ${source.name} releases imported from ${source.url}`,
      );
    } catch (error) {
      status.error = error instanceof Error ? error.message : String(error);
      this.options.log.warn(
        `News calendar: ${source.name} import from ${source.url} failed (${status.error}); the stored dates stay`,
      );
    }
  }
}
