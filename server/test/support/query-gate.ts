import type { Db } from '../../src/db/db';

/** One statement the app ran: its text, its parameters and how many rows it answered. */
export interface SeenQuery {
  sql: string;
  params: unknown[];
  rows: number;
}

export interface QueryWatch {
  /** Every matching statement sent so far, in the order they were sent (`rows` is -1 until it answered). */
  readonly seen: SeenQuery[];
  /** Resolves when the `nth` matching statement (1-based) is held at the gate. */
  held: Promise<void>;
  /** Lets the held statement (and every later one) run. */
  open(): void;
  /** Puts `db.query` back. */
  restore(): void;
}

/**
 * Watches the statements of `db` whose text contains `marker`, and holds the `holdAt`-th of them (1-based; 0: none)
 * before it reaches the database, until `open()`: a test can look at the server while a long answer or an import
 * is midway.
 */
export function watchQueries(db: Db, marker: string, holdAt = 0): QueryWatch {
  const original = db.query.bind(db);
  const seen: SeenQuery[] = [];
  let reached = (): void => undefined;
  const held = new Promise<void>((resolve) => (reached = resolve));
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  db.query = (async (sql: string, params: unknown[] = []) => {
    if (!sql.includes(marker)) return original(sql, params);
    count += 1;
    if (count === holdAt) {
      reached();
      await gate;
    }
    const entry: SeenQuery = { sql, params, rows: -1 };
    seen.push(entry);
    const rows = await original(sql, params);
    entry.rows = rows.length;
    return rows;
  }) as Db['query'];
  return { seen, held, open, restore: () => (db.query = original) };
}

/** Which of two promises settles first: `'first'` or `'second'`. */
export async function firstOf(
  first: Promise<unknown>,
  second: Promise<unknown>,
): Promise<'first' | 'second'> {
  return Promise.race([
    first.then(
      () => 'first' as const,
      () => 'first' as const,
    ),
    second.then(
      () => 'second' as const,
      () => 'second' as const,
    ),
  ]);
}
