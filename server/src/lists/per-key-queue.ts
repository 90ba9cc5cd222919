/**
 * Jobs run one at a time per key (a tenant), in arrival order; different keys run side by side. A job's own
 * result or error goes to its caller; a failed job does not stop the ones behind it.
 */
export function perKeyQueue<K>(): <T>(key: K, job: () => Promise<T>) => Promise<T> {
  const tails = new Map<K, Promise<unknown>>();
  return (key, job) => {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(job, job);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    // The last job of a key removes its entry: the map holds only keys with work queued.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
