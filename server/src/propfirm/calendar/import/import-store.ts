import type { Db } from '../../../db/db';
import type { NewsKind } from '../../types';
import type { ImportedEvent, StoredImport } from './imported-event';

interface Row {
  kind: NewsKind;
  at: Date | string;
  title: string;
  source_url: string;
  imported_at: Date | string;
}

/** The imported release dates, one row per kind and time. */
export class ImportStore {
  constructor(private readonly db: Db) {}

  async all(): Promise<StoredImport[]> {
    const rows = await this.db.query<Row>(
      'SELECT kind, at, title, source_url, imported_at FROM news_calendar_events ORDER BY at',
    );
    return rows.map((row) => ({
      kind: row.kind,
      time: new Date(row.at).getTime(),
      title: row.title,
      sourceUrl: row.source_url,
      importedAt: new Date(row.imported_at).getTime(),
    }));
  }

  /**
   * Replaces what one fetch covers: the kinds it read, from its first release on (older rows stay as history the
   * publisher may no longer list). Runs in one transaction so a reader never sees a half-written import.
   */
  async replace(
    kinds: readonly NewsKind[],
    events: readonly ImportedEvent[],
    sourceUrl: string,
    now: number,
  ) {
    if (events.length === 0) return;
    const from = Math.min(...events.map((event) => event.time));
    await this.db.tx(async (tx) => {
      await tx.query('DELETE FROM news_calendar_events WHERE kind = ANY($1::text[]) AND at >= $2', [
        [...kinds],
        new Date(from).toISOString(),
      ]);
      for (const event of events)
        await tx.query(
          `INSERT INTO news_calendar_events (kind, at, title, source_url, imported_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (kind, at) DO UPDATE SET title = EXCLUDED.title, source_url = EXCLUDED.source_url,
             imported_at = EXCLUDED.imported_at`,
          [
            event.kind,
            new Date(event.time).toISOString(),
            event.title,
            sourceUrl,
            new Date(now).toISOString(),
          ],
        );
    });
  }
}
