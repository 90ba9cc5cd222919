import { RequestBudget, type BudgetJob } from '../../src/copier/engine/budget';

describe('request budget per broker user', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('when the budget is spent, then queued exits go before queued entries as tokens come back', () => {
    const budget = new RequestBudget(60, Date.now);
    const ran: string[] = [];
    const job = (name: string, exit: boolean): BudgetJob => ({
      exit,
      accountId: 2,
      symbol: 'ESZ6',
      run: () => ran.push(name) > 0,
      drop: () => ran.push(`dropped ${name}`),
    });
    // 60 a minute: 15 at once, then 39 a minute (one every 1.54 s); a tenth is left to the adapter's reads.
    for (let i = 0; i < 15; i += 1) budget.schedule(job(`burst ${i}`, false));
    budget.schedule(job('entry A', false));
    budget.schedule(job('exit B', true));
    budget.schedule(job('entry C', false));
    expect(ran).toHaveLength(15);
    jest.advanceTimersByTime(1_600);
    expect(ran.slice(15)).toEqual(['exit B']);
    jest.advanceTimersByTime(3_100);
    expect(ran.slice(15)).toEqual(['exit B', 'entry A', 'entry C']);
    budget.stop();
  });

  it("when a leader's burst meets a login of 80 a minute, then a quarter goes at once and the rest of the minute is paced, leaving a tenth unspent", () => {
    const budget = new RequestBudget(80, Date.now);
    const ran: number[] = [];
    for (let i = 0; i < 200; i += 1)
      budget.schedule({
        exit: false,
        accountId: 2,
        symbol: 'ESZ6',
        run: () => ran.push(Date.now()) > 0,
        drop: () => undefined,
      });
    expect(ran).toHaveLength(20);
    // 60 more a minute would fill Tradovate's rolling minute (80) and leave nothing for the end of the burst:
    // 52 a minute, one every 1.16 s.
    jest.advanceTimersByTime(1_100);
    expect(ran).toHaveLength(20);
    jest.advanceTimersByTime(100);
    expect(ran).toHaveLength(21);
    jest.advanceTimersByTime(58_900);
    expect(ran).toHaveLength(72);
    // In any rolling minute: never more than 72 of the 80.
    jest.advanceTimersByTime(120_000);
    const over = ran.filter((at, i) => (ran[i + 72] ?? Infinity) - at < 60_000);
    expect(over).toEqual([]);
    budget.stop();
  });

  it('when market copies and new resting orders wait together, then cancels go first, then the market copies (exits first), then the resting orders (exits first)', () => {
    const budget = new RequestBudget(1, Date.now);
    const ran: string[] = [];
    const job = (name: string, kind: Partial<BudgetJob>): BudgetJob => ({
      exit: false,
      accountId: 2,
      symbol: 'ESZ6',
      run: () => ran.push(name) > 0,
      drop: () => ran.push(`dropped ${name}`),
      ...kind,
    });
    budget.schedule(job('first', {}));
    budget.schedule(job('resting buy', {}));
    budget.schedule(job('market buy', { replaceable: true }));
    budget.schedule(job('resting sell', {}));
    budget.schedule(job('market exit', { exit: true, replaceable: true }));
    budget.schedule(job('market sell', { replaceable: true }));
    budget.schedule(job('resting exit', { exit: true }));
    budget.schedule(job('cancel', { urgent: true }));
    jest.advanceTimersByTime(8 * 60_000);
    expect(ran).toEqual([
      'first',
      'cancel',
      'market exit',
      'market buy',
      'market sell',
      'resting exit',
      'resting buy',
      'resting sell',
    ]);
    budget.stop();
  });

  it('when a job waits longer than a minute, then it is not expired: it has its turn as the tokens come back', () => {
    const budget = new RequestBudget(1, Date.now);
    const ran: string[] = [];
    const job = (name: string): BudgetJob => ({
      exit: false,
      accountId: 2,
      symbol: 'ESZ6',
      run: (waited) => ran.push(`${name}${waited ? ' after waiting' : ''}`) > 0,
      drop: () => ran.push(`dropped ${name}`),
    });
    budget.schedule(job('first'));
    budget.schedule(job('second'));
    jest.advanceTimersByTime(59_000);
    expect(ran).toEqual(['first']);
    jest.advanceTimersByTime(1_000);
    expect(ran).toEqual(['first', 'second after waiting']);
    budget.stop();
  });

  it('when a turn finds nothing left to send, then its token is given back to the next job', () => {
    const budget = new RequestBudget(1, Date.now);
    const ran: string[] = [];
    const job = (name: string, sends: boolean): BudgetJob => ({
      exit: false,
      accountId: 2,
      symbol: 'ESZ6',
      run: () => ran.push(name) > 0 && sends,
      drop: () => ran.push(`dropped ${name}`),
    });
    budget.schedule(job('first', true));
    budget.schedule(job('superseded', false));
    budget.schedule(job('third', true));
    budget.schedule(job('fourth', true));
    jest.advanceTimersByTime(60_000);
    expect(ran).toEqual(['first', 'superseded', 'third']);
    expect(budget.waiting).toBe(1);
    budget.stop();
  });

  it("when a Sync replaces a follower's waiting jobs, then they are dropped with the reason and the others stay", () => {
    const budget = new RequestBudget(1, Date.now);
    const ran: string[] = [];
    const job = (name: string, accountId: number): BudgetJob => ({
      exit: false,
      accountId,
      symbol: 'ESZ6',
      replaceable: true,
      run: () => ran.push(name) > 0,
      drop: (reason) => ran.push(`dropped ${name}: ${reason}`),
    });
    budget.schedule(job('first', 2));
    budget.schedule(job('A', 3));
    budget.schedule(job('B', 2));
    expect(budget.waitingFor(3)).toBe(1);
    expect(budget.drop(3, ['ESZ6'], 'replaced')).toBe(1);
    expect(ran).toEqual(['first', 'dropped A: replaced']);
    expect([budget.waitingFor(2), budget.waitingFor(3)]).toEqual([1, 0]);
    budget.stop();
  });

  it('when the broker answers "too many requests", then nothing goes out before the retry time', () => {
    const budget = new RequestBudget(600, Date.now);
    const ran: string[] = [];
    budget.penalize(Date.now() + 3_000);
    budget.schedule({
      exit: true,
      accountId: 2,
      symbol: 'ESZ6',
      run: () => ran.push('exit') > 0,
      drop: () => ran.push('dropped'),
    });
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
    const job = (ran: string[], name: string): BudgetJob => ({
      exit: false,
      accountId: 2,
      symbol: 'ESZ6',
      run: () => ran.push(name) > 0,
      drop: () => ran.push(`dropped ${name}`),
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
