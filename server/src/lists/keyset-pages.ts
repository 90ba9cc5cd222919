import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Reads a list in chunks of at most `size` rows, each chunk read after the last row of the one before (keyset:
 * `after` is null for the first chunk), and hands them out one at a time. Between chunks it gives the event loop
 * a turn, so other requests are answered while a long list is read. No chunk is read before the consumer asks
 * for it: a slow reader of the answer slows the reads, and the server holds one chunk at a time.
 *
 * Nothing is held between chunks either (no cursor, no transaction): a cursor would keep a pooled PostgreSQL
 * connection, or the embedded database's only one, for as long as the slowest client takes to read its answer.
 */
export async function* keysetPages<Row, Key>(
  read: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (last: Row) => Key,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < size || last === undefined) return;
    after = keyOf(last);
    await nextTurn();
  }
}

/** The same chunks, each row mapped by `map`. */
export async function* mapChunks<Row, Item>(
  chunks: AsyncIterable<Row[]>,
  map: (row: Row) => Item,
): AsyncGenerator<Item[]> {
  for await (const chunk of chunks) yield chunk.map(map);
}
