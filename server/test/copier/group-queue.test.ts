import { GroupQueue } from '../../src/copier/engine/group-queue';

// A copy group's jobs run one at a time in arrival order; a rule's close-out goes ahead of the jobs still
// waiting, behind the one running and behind the close-outs queued before it.

function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** One turn of the event loop: a job added to an idle queue has started. */
const started = (): Promise<unknown> => new Promise((resolve) => setImmediate(resolve));

describe('the copy group queue', () => {
  it('when jobs are added, then they run one at a time in arrival order', async () => {
    const queue = new GroupQueue(() => undefined);
    const ran: string[] = [];
    const first = gate();
    const done = [
      queue.add(async () => {
        ran.push('a start');
        await first.wait;
        ran.push('a end');
      }),
      queue.add(async () => void ran.push('b')),
      queue.add(async () => void ran.push('c')),
    ];
    await started();
    expect(ran).toEqual(['a start']);
    first.open();
    await Promise.all(done);
    expect(ran).toEqual(['a start', 'a end', 'b', 'c']);
  });

  it('when close-outs are added while jobs wait, then they run after the running job, in their own order, before the waiting jobs', async () => {
    const queue = new GroupQueue(() => undefined);
    const ran: string[] = [];
    const running = gate();
    void queue.add(async () => {
      await running.wait;
      ran.push('copy 1');
    });
    await started();
    void queue.add(async () => void ran.push('copy 2'));
    void queue.add(async () => void ran.push('copy 3'));
    void queue.addFirst(async () => void ran.push('close-out A'));
    void queue.addFirst(async () => void ran.push('close-out B'));
    void queue.add(async () => void ran.push('copy 4'));
    running.open();
    await queue.settled();
    expect(ran).toEqual(['copy 1', 'close-out A', 'close-out B', 'copy 2', 'copy 3', 'copy 4']);
  });

  it('when the queue is empty, then a close-out runs at once, and a job added after it still waits its turn', async () => {
    const queue = new GroupQueue(() => undefined);
    const ran: string[] = [];
    const closeOut = queue.addFirst(async () => void ran.push('close-out'));
    const copy = queue.add(async () => void ran.push('copy'));
    await Promise.all([closeOut, copy]);
    // The front lane is empty again: a later close-out goes ahead of a copy that waits.
    const running = gate();
    void queue.add(async () => {
      await running.wait;
      ran.push('copy 2');
    });
    await started();
    void queue.add(async () => void ran.push('copy 3'));
    void queue.addFirst(async () => void ran.push('close-out 2'));
    running.open();
    await queue.settled();
    expect(ran).toEqual(['close-out', 'copy', 'copy 2', 'close-out 2', 'copy 3']);
  });

  it('when a job fails, then the failure is reported, its caller still resolves and the next job runs', async () => {
    const failures: unknown[] = [];
    const queue = new GroupQueue((error) => failures.push(error));
    const ran: string[] = [];
    const failed = queue.add(() => Promise.reject(new Error('broker down')));
    const thrown = queue.addFirst(() => {
      throw new Error('thrown at once');
    });
    const next = queue.add(async () => void ran.push('next'));
    await expect(failed).resolves.toBeUndefined();
    await expect(thrown).resolves.toBeUndefined();
    await next;
    expect(ran).toEqual(['next']);
    expect(failures.map((error) => (error as Error).message)).toEqual(['thrown at once', 'broker down']);
  });

  it('when jobs are added, then the count moves and settled waits for jobs added while it waits', async () => {
    const queue = new GroupQueue(() => undefined);
    expect(queue.count).toBe(0);
    await queue.settled();
    const ran: string[] = [];
    void queue.add(async () => {
      ran.push('a');
      void queue.add(async () => void ran.push('added while running'));
    });
    expect(queue.count).toBe(1);
    await queue.settled();
    expect(ran).toEqual(['a', 'added while running']);
    expect(queue.count).toBe(2);
  });

  it('when a job is added, then it starts only after the caller’s synchronous work', async () => {
    const queue = new GroupQueue(() => undefined);
    const ran: string[] = [];
    const done = queue.add(async () => void ran.push('job'));
    ran.push('caller');
    await done;
    expect(ran).toEqual(['caller', 'job']);
  });
});
