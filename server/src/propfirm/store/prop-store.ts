import type { Db } from '../../db/db';
import type { GuardState } from '../rule-decisions';
import type { NewsEvent } from '../rules/news';
import type { NewsKind, PropRules } from '../types';

/** A news event a user added, as stored. */
export interface StoredNewsEvent extends NewsEvent {
  id: number;
}

/** The prop-firm tables: rules per account, the guard's memory per account, users' own news events. */
export class PropStore {
  constructor(private readonly db: Db) {}

  async rulesOfUser(userId: number): Promise<Map<number, PropRules>> {
    const rows = await this.db.query<{ account_id: number; rules: PropRules }>(
      'SELECT account_id, rules FROM prop_rules WHERE user_id = $1',
      [userId],
    );
    return new Map(rows.map((row) => [row.account_id, row.rules]));
  }

  async rulesOf(accountId: number): Promise<PropRules | null> {
    const [row] = await this.db.query<{ rules: PropRules }>(
      'SELECT rules FROM prop_rules WHERE account_id = $1',
      [accountId],
    );
    return row?.rules ?? null;
  }

  /** Stores the rules; new rules start a new memory unless `keepMemory` (one value edited that keeps it valid). */
  async putRules(
    userId: number,
    accountId: number,
    rules: PropRules,
    options: { keepMemory?: boolean } = {},
  ): Promise<void> {
    await this.db.tx(async (tx) => {
      await tx.query(
        `INSERT INTO prop_rules (account_id, user_id, rules) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (account_id) DO UPDATE SET rules = $3::jsonb, updated_at = now()`,
        [accountId, userId, JSON.stringify(rules)],
      );
      // New rules start a new memory: a changed starting balance or mode must not keep the old mark.
      if (options.keepMemory !== true)
        await tx.query('DELETE FROM prop_guard_state WHERE account_id = $1', [accountId]);
    });
  }

  async deleteRules(accountId: number): Promise<void> {
    await this.db.tx(async (tx) => {
      await tx.query('DELETE FROM prop_rules WHERE account_id = $1', [accountId]);
      await tx.query('DELETE FROM prop_guard_state WHERE account_id = $1', [accountId]);
    });
  }

  async statesOf(accountIds: readonly number[]): Promise<Map<number, GuardState>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.db.query<{ account_id: number; state: GuardState }>(
      'SELECT account_id, state FROM prop_guard_state WHERE account_id = ANY($1::int[])',
      [accountIds],
    );
    return new Map(rows.map((row) => [row.account_id, row.state]));
  }

  async putState(accountId: number, state: GuardState): Promise<void> {
    await this.db.query(
      `INSERT INTO prop_guard_state (account_id, state) VALUES ($1, $2::jsonb)
       ON CONFLICT (account_id) DO UPDATE SET state = $2::jsonb, updated_at = now()`,
      [accountId, JSON.stringify(state)],
    );
  }

  async eventsOf(userId: number): Promise<StoredNewsEvent[]> {
    const rows = await this.db.query<{
      id: number;
      kind: NewsKind;
      title: string;
      at: Date | string;
      roots: string[] | null;
    }>('SELECT id, kind, title, at, roots FROM prop_news_events WHERE user_id = $1 ORDER BY at, id', [
      userId,
    ]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      time: new Date(row.at).getTime(),
      ...(row.roots === null ? {} : { roots: row.roots }),
    }));
  }

  async countEvents(userId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM prop_news_events WHERE user_id = $1',
      [userId],
    );
    return row?.n ?? 0;
  }

  async addEvent(
    userId: number,
    event: { kind: NewsKind; title: string; time: number; roots: readonly string[] | null },
  ): Promise<StoredNewsEvent> {
    const [row] = await this.db.query<{ id: number }>(
      'INSERT INTO prop_news_events (user_id, kind, title, at, roots) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [userId, event.kind, event.title, new Date(event.time).toISOString(), event.roots],
    );
    return {
      id: row?.id ?? 0,
      kind: event.kind,
      title: event.title,
      time: event.time,
      ...(event.roots === null ? {} : { roots: event.roots }),
    };
  }

  /** False when the user has no such event (another user's id included). */
  async deleteEvent(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>(
      'DELETE FROM prop_news_events WHERE id = $1 AND user_id = $2 RETURNING id',
      [id, userId],
    );
    return rows.length > 0;
  }
}
