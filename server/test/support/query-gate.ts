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
  /** Resolves when the answer of the `holdAt`-th matching statement is held at the gate. */
  held: Promise<void>;
  /** Lets the held statement (and every later one) run. */
  open(): void;
  /** Puts `db.query` back. */
  restore(): void;
}

/**
 * Watches the statements of `db` whose text contains `marker`, and holds the answer of the `holdAt`-th of them
 * (1-based; 0: none) until `open()`: a test can look at the server while a long answer or an import is midway.
 */
export function watchQueries(db: Db, marker: string, holdAt = 0): QueryWatch {
  const originalQuery = db.query.bind(db);
  const originalTx = db.tx.bind(db);
  const seen: SeenQuery[] = [];
  let reached = (): void => undefined;
  const held = new Promise<void>((resolve) => (reached = resolve));
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  const hold = async (): Promise<void> => {
    reached();
    await gate;
  };
  /** `onHeld` is where the hold goes: right after the statement, or after the transaction it runs in. */
  const watched = (run: Db['query'], onHeld: () => Promise<void>): Db['query'] =>
    (async (sql: string, params: unknown[] = []) => {
      if (!sql.includes(marker)) return run(sql, params);
      count += 1;
      const entry: SeenQuery = { sql, params, rows: -1 };
      seen.push(entry);
      const rows = await run(sql, params);
      entry.rows = rows.length;
      if (count === holdAt) await onHeld();
      return rows;
    }) as Db['query'];
  db.query = watched(originalQuery, hold);
  // A chunk of a list is read inside a transaction: its hold waits until the transaction ended, so the database
  // is free meanwhile (the embedded one runs one transaction at a time).
  db.tx = (async (fn: (inner: Db) => Promise<unknown>) => {
    let holdAfter = false;
    const value = await originalTx((inner) =>
      fn({ ...inner, query: watched(inner.query.bind(inner), async () => void (holdAfter = true)) }),
    );
    if (holdAfter) await hold();
    return value;
  }) as Db['tx'];
  return {
    seen,
    held,
    open,
    restore: () => {
      db.query = originalQuery;
      db.tx = originalTx;
    },
  };
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
