import { RequestBudget } from '../../src/copier/engine/budget';

describe('request budget per broker user', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('when the budget is spent, then queued exits go before queued entries as tokens come back', () => {
    const budget = new RequestBudget(60, Date.now);
    const ran: string[] = [];
    const job = (name: string, exit: boolean): { exit: boolean; run: () => void; onExpired: () => void } => ({
      exit,
      run: () => ran.push(name),
      onExpired: () => ran.push(`expired ${name}`),
    });
    for (let i = 0; i < 60; i += 1) budget.schedule(job(`burst ${i}`, false));
    budget.schedule(job('entry A', false));
    budget.schedule(job('exit B', true));
    budget.schedule(job('entry C', false));
    expect(ran).toHaveLength(60);
    jest.advanceTimersByTime(1_000);
    expect(ran.slice(60)).toEqual(['exit B']);
    jest.advanceTimersByTime(2_000);
    expect(ran.slice(60)).toEqual(['exit B', 'entry A', 'entry C']);
    budget.stop();
  });

  it('when an entry cannot be served within its deadline, then it is reported, not dropped silently', () => {
    const budget = new RequestBudget(1, Date.now);
    const ran: string[] = [];
    budget.schedule({
      exit: false,
      run: () => ran.push('first'),
      onExpired: () => ran.push('expired first'),
    });
    budget.schedule({
      exit: false,
      run: () => ran.push('second'),
      onExpired: () => ran.push('expired second'),
    });
    jest.advanceTimersByTime(60_000);
    expect(ran).toEqual(['first', 'expired second']);
    budget.stop();
  });

  it('when the broker answers "too many requests", then nothing goes out before the retry time', () => {
    const budget = new RequestBudget(600, Date.now);
    const ran: string[] = [];
    budget.penalize(Date.now() + 3_000);
    budget.schedule({ exit: true, run: () => ran.push('exit'), onExpired: () => ran.push('expired') });
    jest.advanceTimersByTime(2_900);
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(200);
    expect(ran).toEqual(['exit']);
    budget.stop();
  });

  describe('on a hand-driven clock', () => {
    /** A clock whose timers fire only when the test says so, to look at exact boundaries. */
    function manualClock() {
      const clock = { now: 0, waits: [] as number[], timers: [] as Array<() => void> };
      const after = (ms: number, run: () => void): (() => void) => {
        clock.waits.push(ms);
        clock.timers.push(run);
        return () => undefined;
      };
      const fire = (at: number): void => {
        clock.now = at;
        clock.timers.shift()?.();
      };
      return { clock, now: () => clock.now, after, fire };
    }
    const job = (ran: string[], name: string) => ({
      exit: false,
      run: () => ran.push(name),
      onExpired: () => ran.push(`expired ${name}`),
    });

    it('when the retry time is reached, then a job goes out at that very moment, and not a moment before', () => {
      const early = manualClock();
      const ran: string[] = [];
      const blocked = new RequestBudget(600, early.now, early.after);
      blocked.penalize(1_000);
      early.clock.now = 999;
      blocked.schedule(job(ran, 'early'));
      const onTime = manualClock();
      const open = new RequestBudget(600, onTime.now, onTime.after);
      open.penalize(1_000);
      onTime.clock.now = 1_000;
      open.schedule(job(ran, 'on time'));
      expect(ran).toEqual(['on time']);
    });

    it('when a queued entry is at its deadline, then it may still go; it is reported at the first moment past it', () => {
      const { clock, now, after, fire } = manualClock();
      const ran: string[] = [];
      const budget = new RequestBudget(1, now, after);
      budget.schedule(job(ran, 'first'));
      budget.schedule(job(ran, 'second'));
      // One token a minute: the second waits; its deadline (5 s) comes before the next token.
      expect(clock.waits).toEqual([5_001]);
      fire(5_000);
      expect(ran).toEqual(['first']);
      fire(5_001);
      expect(ran).toEqual(['first', 'expired second']);
      expect(budget.waiting).toBe(0);
    });

    it('when several entries wait, then the wake-up comes for the earliest deadline among them', () => {
      const { clock, now, after, fire } = manualClock();
      const ran: string[] = [];
      const budget = new RequestBudget(1, now, after);
      budget.schedule(job(ran, 'first'));
      budget.schedule(job(ran, 'A')); // queued at 0: deadline 5,000
      clock.now = 1_000;
      budget.schedule(job(ran, 'B')); // deadline 6,000
      clock.now = 2_000;
      budget.schedule(job(ran, 'C')); // deadline 7,000
      fire(5_001);
      expect(ran).toEqual(['first', 'expired A']);
      // B's deadline (6,000) comes before C's and before the next token: woken at 6,001, 999 ms later.
      expect(clock.waits).toEqual([5_001, 1_000]);
      fire(6_001);
      expect(ran).toEqual(['first', 'expired A', 'expired B']);
      budget.stop();
    });

    it('when a token comes back while jobs wait, then a new job queues behind them rather than jump ahead, with one wake-up', () => {
      const { clock, now, after, fire } = manualClock();
      const ran: string[] = [];
      const budget = new RequestBudget(1, now, after);
      budget.schedule(job(ran, 'first'));
      budget.schedule({ ...job(ran, 'exit'), exit: true });
      // A minute later the token is back but the wake-up has not run yet.
      clock.now = 60_000;
      budget.schedule(job(ran, 'late entry'));
      expect(ran).toEqual(['first']);
      expect(clock.waits).toEqual([60_000]);
      fire(60_000);
      expect(ran).toEqual(['first', 'exit']);
    });

    it('when the budget is stopped, then its pending wake-up is canceled', () => {
      let canceled = 0;
      const budget = new RequestBudget(
        1,
        () => 0,
        () => () => {
          canceled += 1;
        },
      );
      budget.schedule(job([], 'first'));
      budget.schedule(job([], 'second'));
      budget.stop();
      expect(canceled).toBe(1);
    });
  });
});
