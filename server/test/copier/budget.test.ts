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
});
