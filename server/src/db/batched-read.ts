/**
 * Reads of one kind coalesced into one statement: many requests asking for rows by key (sessions, users, a
 * trader's accounts) share one `WHERE key = ANY($1)` query instead of one round trip each. The embedded
 * database runs one statement at a time, so under load this is what keeps reads from queueing behind each
 * other. A key asked for while a query runs waits for the next one, which starts after it was asked: every
 * answer is read after its request arrived, so a write finished before a request is always seen by it.
 */
export type BatchRead<K, V> = (key: K) => Promise<V>;

const MAX_KEYS_PER_QUERY = 500;

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

export function batchedRead<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, missing: V): BatchRead<K, V> {
  let pending = new Map<K, Waiter<V>[]>();
  let running = false;

  async function flush(): Promise<void> {
    running = true;
    const batch = pending;
    pending = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += MAX_KEYS_PER_QUERY) {
      const chunk = keys.slice(start, start + MAX_KEYS_PER_QUERY);
      try {
        const found = await load(chunk);
        for (const key of chunk)
          for (const waiter of batch.get(key) ?? [])
            waiter.resolve(found.has(key) ? found.get(key)! : missing);
      } catch (error: unknown) {
        for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.reject(error);
      }
    }
    running = false;
    if (pending.size > 0) schedule();
  }

  // Once per turn of the event loop: the requests parsed in the same turn share the query.
  function schedule(): void {
    running = true;
    setImmediate(() => void flush());
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!running) schedule();
    });
}

/** One reader per database (tests open many): created on first use. */
export function perDb<D extends object, R>(create: (db: D) => R): (db: D) => R {
  const readers = new WeakMap<D, R>();
  return (db) => {
    let reader = readers.get(db);
    if (reader === undefined) {
      reader = create(db);
      readers.set(db, reader);
    }
    return reader;
  };
}
