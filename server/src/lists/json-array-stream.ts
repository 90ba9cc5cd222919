import { Readable } from 'node:stream';

/** The first chunk and then the rest of `chunks`. */
async function* startingWith<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done === true) return;
  yield first.value;
  for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
}

async function* jsonText(
  chunks: AsyncIterable<readonly unknown[]>,
  head: string,
  tail: string,
): AsyncGenerator<string> {
  yield `${head}[`;
  let first = true;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    const items = chunk.map((item) => JSON.stringify(item)).join(',');
    yield first ? items : `,${items}`;
    first = false;
  }
  yield `]${tail}`;
}

/**
 * A JSON answer written as it is read: `head`, the items of every chunk as a JSON array, then `tail` (for
 * `{"trades":[…]}`, head `{"trades":` and tail `}`). The first chunk is read before anything is sent, so a failure
 * to read answers a plain error; a failure later cuts the answer short (its status is already sent).
 *
 * The stream pulls the next chunk only when the reply has room (Fastify pipes it into the socket, which waits for
 * `drain`), so a client that reads slowly holds the reads back instead of the server buffering the whole answer.
 * Items are written with `JSON.stringify`: the caller builds them with the keys of the answer's schema, in its
 * order, as the route's serializer would.
 */
export async function jsonArrayStream(
  chunks: AsyncIterable<readonly unknown[]>,
  head = '',
  tail = '',
): Promise<Readable> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  // One chunk's text at a time: the readable side holds at most one chunk beyond what the socket took.
  return Readable.from(jsonText(startingWith(first, iterator), head, tail), {
    objectMode: false,
    highWaterMark: 1,
  });
}
