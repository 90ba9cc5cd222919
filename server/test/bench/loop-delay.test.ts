import { delayMs, watchLoopDelay } from '../../bench/loop-delay';

describe("the benches' event-loop delay", () => {
  it("counts only what exceeds the timer's own millisecond", () => {
    expect(delayMs(1_000_000)).toBe(0);
    expect(delayMs(1_250_000)).toBeCloseTo(0.25, 9);
    expect(delayMs(12_000_000)).toBeCloseTo(11, 9);
    expect(delayMs(4_000, 1)).toBe(0); // two wake-ups close together: no delay, not a negative one
  });

  it('sees a loop held for 30 ms as a delay of at least 29', async () => {
    const watch = watchLoopDelay();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const until = performance.now() + 30;
    while (performance.now() < until) {
      // held on purpose
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(watch.stop().max).toBeGreaterThanOrEqual(29);
  });
});
