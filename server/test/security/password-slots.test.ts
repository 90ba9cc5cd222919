import { setImmediate as nextTurn } from 'node:timers/promises';
import { slotLimiter } from '../../src/security/password-slots';

interface Held {
  release(): void;
  fail(): void;
}

describe('password slots', () => {
  it('runs at most its number of jobs at once, the others in arrival order as slots free', async () => {
    const inSlot = slotLimiter(2);
    const held = new Map<number, Held>();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const jobs = [1, 2, 3, 4, 5].map((n) =>
      inSlot(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(n);
            running += 1;
            most = Math.max(most, running);
            const end = (): void => {
              running -= 1;
            };
            held.set(n, {
              release: () => (end(), resolve(n)),
              fail: () => (end(), reject(new Error(`job ${n} failed`))),
            });
          }),
      ),
    );
    await nextTurn();
    expect(started).toEqual([1, 2]);
    held.get(1)?.fail();
    await expect(jobs[0]).rejects.toThrow('job 1 failed');
    await nextTurn();
    expect(started).toEqual([1, 2, 3]);
    for (const n of [2, 3, 4, 5]) {
      await nextTurn();
      held.get(n)?.release();
    }
    await expect(Promise.all(jobs.slice(1))).resolves.toEqual([2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
