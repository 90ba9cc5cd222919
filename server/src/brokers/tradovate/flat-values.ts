/** A flat record of primitives (a normalized order, position or account), as the feed emits it. */
export type FlatValues = object;

/**
 * Whether two flat records say the same: the same defined keys with the same values, NaN equal to NaN.
 * The feed compares each entity with what it last emitted; a JSON text of every emitted order did the same
 * with a string per emission kept for the life of the session.
 */
export function sameFlatValues(previousValues: FlatValues, nextValues: FlatValues): boolean {
  const previous = previousValues as Readonly<Record<string, unknown>>;
  const next = nextValues as Readonly<Record<string, unknown>>;
  let defined = 0;
  for (const key in next) {
    const value = next[key];
    if (value === undefined) continue;
    defined += 1;
    const before = previous[key];
    if (before !== value && !(Number.isNaN(before) && Number.isNaN(value))) return false;
  }
  for (const key in previous) if (previous[key] !== undefined) defined -= 1;
  return defined === 0;
}
