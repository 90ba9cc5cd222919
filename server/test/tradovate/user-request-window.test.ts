import { UserRequestWindow } from '../../src/brokers/tradovate/user-request-window';
import { BrokerError } from '../../src/brokers/types';

const T0 = 1_700_000_000_000;

/** A budget on a clock the test moves; `guardMs: 0` unless a test is about the guard. */
function budgetAt(limits: { perHour?: number; guardMs?: number } = {}) {
  const clock = { now: T0 };
  const budget = new UserRequestWindow(80, { guardMs: 0, ...limits, now: () => clock.now });
  return { clock, budget };
}

/** Takes `count` requests at the clock's time without waiting; all must be allowed. */
async function takeMany(budget: UserRequestWindow, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await budget.take(0);
}

async function refusal(budget: UserRequestWindow): Promise<BrokerError> {
  const error = await budget.take(0).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof BrokerError)) throw new Error('the request was allowed');
  return error;
}

describe("Tradovate request budget (Tradovate's rolling windows per user)", () => {
  it('when 80 requests went at t=0, then the 81st may go at exactly t=60 s, not before', async () => {
    const { clock, budget } = budgetAt();
    await takeMany(budget, 80);
    expect(budget.nextSlotAt()).toBe(T0 + 60_000);
    const refused = await refusal(budget);
    expect(refused.code).toBe('rate_limited');
    expect(refused.retryAt).toBe(T0 + 60_000);
    clock.now = T0 + 750;
    expect(budget.nextSlotAt()).toBe(T0 + 60_000);
    clock.now = T0 + 59_999;
    await refusal(budget);
    clock.now = T0 + 60_000;
    await budget.take(0);
    expect(budget.nextSlotAt()).toBe(T0 + 60_000);
  });

  it('when 80 requests went over the first minute, then no more than 80 go in any 60 s span: each next one waits for the oldest to leave', async () => {
    const { clock, budget } = budgetAt();
    for (let i = 0; i < 80; i += 1) {
      clock.now = T0 + i * 500;
      await budget.take(0);
    }
    clock.now = T0 + 40_000;
    expect(budget.nextSlotAt()).toBe(T0 + 60_000);
    clock.now = T0 + 60_000;
    await budget.take(0);
    expect(budget.nextSlotAt()).toBe(T0 + 60_500);
  });

  it("when the hour's allowance (here 100 instead of 5,000) is spent, then the next waits until the hour after the first, even with the minute free", async () => {
    const { clock, budget } = budgetAt({ perHour: 100 });
    await takeMany(budget, 80);
    clock.now = T0 + 60_000;
    await takeMany(budget, 20);
    clock.now = T0 + 180_000;
    expect(budget.nextSlotAt()).toBe(T0 + 3_600_000);
    clock.now = T0 + 3_600_000;
    await budget.take(0);
  });

  it('when the guard is on (the default, 1 s), then the 81st waits for 61 s: a request slower on its way still leaves the broker window first', async () => {
    const { budget } = budgetAt({ guardMs: undefined });
    await takeMany(budget, 80);
    expect(budget.nextSlotAt()).toBe(T0 + 61_000);
  });

  it('when a penalty ticket is resent, then it counts in the window but is never refused', async () => {
    const { budget } = budgetAt();
    await takeMany(budget, 80);
    budget.forceTake();
    budget.forceTake();
    expect(budget.nextSlotAt()).toBe(T0 + 60_000);
  });

  it('when Tradovate warned with a 423, then half the minute allowance (40) holds until the warning ends, and the full one after it', async () => {
    const { clock, budget } = budgetAt();
    budget.slowDown(30_000);
    await takeMany(budget, 40);
    expect(budget.nextSlotAt()).toBe(T0 + 30_000);
    clock.now = T0 + 30_000;
    await takeMany(budget, 40);
    expect(budget.nextSlotAt()).toBe(T0 + 60_000);
  });

  it('when Tradovate locked the user out (429) or blocked it (p-time), then nothing goes before that time whatever the windows say', async () => {
    const { clock, budget } = budgetAt();
    budget.blockUntil(T0 + 5_000);
    expect(budget.nextSlotAt()).toBe(T0 + 5_000);
    budget.lockOut(T0 + 3_600_000);
    expect(budget.lockedOutUntil()).toBe(T0 + 3_600_000);
    expect((await refusal(budget)).retryAt).toBe(T0 + 3_600_000);
    clock.now = T0 + 3_600_000;
    await budget.take(0);
  });

  it('when requests wait for a slot, then they get slots in the order they asked and the next free slot is told after theirs', async () => {
    jest.useFakeTimers({ now: T0 });
    try {
      const budget = new UserRequestWindow(80, { guardMs: 0 });
      for (let i = 0; i < 80; i += 1) {
        jest.setSystemTime(T0 + i * 10);
        await budget.take(0);
      }
      jest.setSystemTime(T0 + 1_000);
      const order: string[] = [];
      const first = budget.take(120_000).then(() => order.push(`first at ${Date.now() - T0}`));
      // The waiting request takes the slot at 60 s: a new one (the engine asking) would go at 60.01 s.
      expect(budget.nextSlotAt()).toBe(T0 + 60_010);
      const second = budget.take(120_000).then(() => order.push(`second at ${Date.now() - T0}`));
      expect(budget.nextSlotAt()).toBe(T0 + 60_020);
      await jest.advanceTimersByTimeAsync(59_100);
      await Promise.all([first, second]);
      expect(order).toEqual(['first at 60000', 'second at 60010']);
    } finally {
      jest.useRealTimers();
    }
  });
});
