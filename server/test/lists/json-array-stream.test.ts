import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { jsonArrayStream } from '../../src/lists/json-array-stream';
import { keysetPages } from '../../src/lists/keyset-pages';

const CHUNKS = 50;
const SIZE = 100;

/** A list of CHUNKS × SIZE numbers read by key, counting the reads. */
function countedList(): { reads: () => number; chunks: AsyncIterable<number[]> } {
  let reads = 0;
  const chunks = keysetPages<number, number>(
    async (after, size) => {
      reads += 1;
      const from = after === null ? 0 : after + 1;
      const to = Math.min(CHUNKS * SIZE, from + size);
      return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
    },
    (last) => last,
    SIZE,
  );
  return { reads: () => reads, chunks };
}

/** A socket that takes nothing until `take()`: writes after the first one wait for its `drain`. */
function stalledSink(): { sink: Writable; text: () => string; take: () => void } {
  let text = '';
  let release: (() => void) | null = null;
  let flowing = false;
  const sink = new Writable({
    highWaterMark: 16,
    write(piece: Buffer, _encoding, done) {
      text += piece.toString('utf8');
      if (flowing) done();
      else release = done;
    },
  });
  return {
    sink,
    text: () => text,
    take: () => {
      flowing = true;
      release?.();
    },
  };
}

describe('a JSON list answer streamed from chunked reads', () => {
  it('when the client takes nothing, then no more than the next chunk is read', async () => {
    const list = countedList();
    const { sink, text, take } = stalledSink();
    const done = pipeline(await jsonArrayStream(list.chunks, '{"items":', '}'), sink);
    for (let turn = 0; turn < 200; turn += 1) await nextTurn();
    // The first chunk (read before the answer starts) and at most one ahead of it; the list has 50.
    expect(list.reads()).toBeLessThanOrEqual(3);
    expect(text()).toBe('{"items":[');

    take();
    await done;
    expect(list.reads()).toBe(CHUNKS + 1);
    expect(JSON.parse(text())).toEqual({ items: Array.from({ length: CHUNKS * SIZE }, (_, i) => i) });
  });

  it('when the list is empty, then the answer is an empty array after one read', async () => {
    let reads = 0;
    const chunks = keysetPages<number, number>(
      async () => {
        reads += 1;
        return [];
      },
      (last) => last,
      SIZE,
    );
    const { sink, text, take } = stalledSink();
    take();
    await pipeline(await jsonArrayStream(chunks), sink);
    expect(text()).toBe('[]');
    expect(reads).toBe(1);
  });

  it('when the first read fails, then the failure comes before anything is written', async () => {
    const chunks = keysetPages<number, number>(
      async () => {
        throw new Error('database gone');
      },
      (last) => last,
      SIZE,
    );
    await expect(jsonArrayStream(chunks)).rejects.toThrow('database gone');
  });
});
