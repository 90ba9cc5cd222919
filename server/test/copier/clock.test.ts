import { systemClock } from '../../src/copier/engine/clock';

describe('the system clock', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('runs a job once after its delay, and never if it was canceled first', () => {
    const ran: string[] = [];
    systemClock.after(100, () => ran.push('kept'));
    const cancel = systemClock.after(100, () => ran.push('canceled'));
    cancel();
    jest.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(1_000);
    expect(ran).toEqual(['kept']);
  });

  it('runs a repeating job at each period until it is stopped', () => {
    let runs = 0;
    const stop = systemClock.every(50, () => (runs += 1));
    jest.advanceTimersByTime(150);
    expect(runs).toBe(3);
    stop();
    jest.advanceTimersByTime(500);
    expect(runs).toBe(3);
  });
});
