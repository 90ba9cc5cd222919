import { setImmediate as afterPoll } from 'node:timers/promises';
import type { Db } from '../../src/db/db';
import { inBulkLane } from '../../src/lists/bulk-lane';

/** Keeps the main thread busy for `ms`, as a statement of the embedded database does. */
function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

describe('bulk lane', () => {
  it('gives the event loop a full turn between two bulk statements, so work that arrived meanwhile goes first', async () => {
    const db = {} as Db;
    const order: string[] = [];
    const first = inBulkLane(db, async () => {
      order.push('bulk 1');
      // A light request arriving while the first bulk statement runs: read at the next turn of the event loop.
      setImmediate(() => order.push('light'));
      holdThread(5);
    });
    const second = inBulkLane(db, async () => {
      order.push('bulk 2');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['bulk 1', 'light', 'bulk 2']);
  });

  it('rests after a bulk statement about as long as the statement held the thread', async () => {
    const db = {} as Db;
    let firstEnded = 0;
    let secondStarted = 0;
    const first = inBulkLane(db, async () => {
      holdThread(40);
      firstEnded = performance.now();
    });
    const second = inBulkLane(db, async () => {
      secondStarted = performance.now();
    });
    await Promise.all([first, second]);
    // A lower bound only (the rest can only be longer on a busy machine): the lane let the thread go for as long.
    expect(secondStarted - firstEnded).toBeGreaterThanOrEqual(30);
  });

  it('when a chunk answers only a count and the database runs on a thread of its own, then the next chunk does not wait out a rest', async () => {
    const offThread = {} as Db;
    const onThread = { onCallersThread: true } as Db;
    const orderOf = async (db: Db): Promise<string[]> => {
      const order: string[] = [];
      const first = inBulkLane(
        db,
        async () => {
          holdThread(300);
          // A rest as long as the statement would let this timer run before the next chunk; no rest would not.
          setTimeout(() => order.push('timer'), 100);
        },
        { rowsToHandle: false },
      );
      const second = inBulkLane(db, async () => void order.push('chunk 2'), { rowsToHandle: false });
      await Promise.all([first, second]);
      await new Promise((resolve) => setTimeout(resolve, 120));
      return order;
    };
    expect(await orderOf(offThread)).toEqual(['chunk 2', 'timer']);
    expect(await orderOf(onThread)).toEqual(['timer', 'chunk 2']);
  });

  it('passes on a failed statement and runs the next one', async () => {
    const db = {} as Db;
    const failed = inBulkLane(db, () => Promise.reject(new Error('bad chunk')));
    const next = inBulkLane(db, () => afterPoll().then(() => 'stored'));
    await expect(failed).rejects.toThrow('bad chunk');
    await expect(next).resolves.toBe('stored');
  });
});
