import type { Db } from '../../../db/db';
import type { PropGuard } from '../../service/prop-guard';
import { CalendarImporter } from './calendar-importer';
import { ImportStore } from './import-store';
import { calendarSources, type CalendarUrls } from './sources';

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Starts the daily import when the operator turned it on (the guard then uses the imported dates); off, the
 * dates stored by earlier imports still apply. Answers the importer, whose `status()` the operator asks.
 */
export function startCalendarImport(
  settings: { enabled: boolean; urls: CalendarUrls },
  db: Db,
  guard: PropGuard,
  log: Log,
): CalendarImporter {
  const importer = new CalendarImporter({
    store: new ImportStore(db),
    sources: calendarSources(settings.urls),
    onCalendar: (calendar) => guard.setCalendar(calendar),
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    now: guard.now,
    shipped: guard.calendar,
  });
  const loaded = importer.refresh();
  if (settings.enabled) void loaded.finally(() => importer.start()).catch(() => undefined);
  else
    void loaded.catch((error: unknown) =>
      log.warn(`News calendar: reading stored imports failed: ${String(error)}`),
    );
  return importer;
}
