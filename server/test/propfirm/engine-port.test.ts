import { EngineGuard, FirmRuleGuard } from '../../src/propfirm/engine-port';
import { MemorySource, rulesOf } from './support/memory-source';

// Hand-worked: 2027-03-10 is a Wednesday; Chicago is UTC−6 until 2027-03-14.
const utc = (iso: string): number => Date.parse(iso);

const USER = 1;
const LEADER = 10;

function view(positions: Record<number, Record<string, number>>) {
  return {
    accountIds: Object.keys(positions).map(Number),
    positionsOf: (id: number) => new Map(Object.entries(positions[id] ?? {})),
  };
}

describe('the engine guard', () => {
  it('when a follower has no rules, then every order passes whole', async () => {
    const guard = new EngineGuard(new MemorySource(new Map()));
    await guard.prepare(USER);
    const order = { userId: USER, accountId: 2, symbol: 'NQH7', side: 'buy' as const, qty: 40 };
    expect(guard.check(order, view({ 2: {} })).qty).toBe(40);
  });

  it('when two Topstep accounts of the user would face each other on NQ, then the entry is refused', async () => {
    const topstep = rulesOf('topstep-combine-50k');
    topstep.flatBy.enabled = false;
    const guard = new EngineGuard(
      new MemorySource(
        new Map([
          [2, topstep],
          [3, topstep],
        ]),
      ),
    );
    await guard.prepare(USER);
    const decision = guard.check(
      { userId: USER, accountId: 2, symbol: 'MNQH7', side: 'sell', qty: 3 },
      view({ 2: {}, 3: { NQH7: 1 } }),
    );
    expect(decision).toMatchObject({ qty: 0, rule: 'hedging' });
    // A third account at another firm does not count.
    const other = new EngineGuard(
      new MemorySource(
        new Map([
          [2, topstep],
          [3, rulesOf('apex-50k-eod')],
        ]),
      ),
    );
    await other.prepare(USER);
    expect(
      other.check(
        { userId: USER, accountId: 2, symbol: 'MNQH7', side: 'sell', qty: 3 },
        view({ 2: {}, 3: { NQH7: 1 } }),
      ).qty,
    ).toBe(3);
  });

  it('when a follower comes within the drawdown buffer, then it is to be flattened and stopped, and the mark is stored', async () => {
    const topstep = rulesOf('topstep-combine-50k'); // floor 48,000 from 50,000; buffer 200
    topstep.dailyLoss.enabled = false;
    const source = new MemorySource(new Map([[2, topstep]]));
    const guard = new EngineGuard(source);
    await guard.prepare(USER);
    expect(guard.onEquity(USER, 2, 50_600, 'follower').actions).toEqual([]);
    expect(source.saved.get(2)?.drawdown.highWater).toBe(50_600);
    // Floor now 48,600; 48,800 is exactly at the buffer.
    expect(guard.onEquity(USER, 2, 48_800, 'follower').actions).toEqual([
      {
        kind: 'flatten_and_stop',
        rule: 'drawdown',
        reason: 'Trailing drawdown: equity $48,800 is within $200 of the floor $48,600',
      },
    ]);
  });

  it('when the leader reaches its own daily loss limit, then followers copy no entries until its next day, exits still go', async () => {
    const leaderRules = rulesOf('topstep-combine-50k'); // DLL 1,000, day from 17:00 Chicago
    leaderRules.flatBy.enabled = false;
    const source = new MemorySource(new Map([[LEADER, leaderRules]]));
    const guard = new EngineGuard(source);
    await guard.prepare(USER);
    guard.onEquity(USER, LEADER, 50_000, 'leader');
    const breach = guard.onEquity(USER, LEADER, 49_000, 'leader');
    expect(breach).toEqual({
      actions: [],
      leaderBreach:
        'The leader broke its own firm rule (Daily loss limit of $1,000 reached (day P&L -$1,000)): entries are not copied',
    });
    expect(guard.onEquity(USER, LEADER, 48_900, 'leader').leaderBreach).toBeNull();
    const entry = { userId: USER, accountId: 2, symbol: 'ESH7', side: 'buy' as const, qty: 2 };
    expect(guard.check(entry, view({ 2: {} }))).toMatchObject({ qty: 0, rule: 'leader_breach' });
    expect(guard.check({ ...entry, side: 'sell' }, view({ 2: { ESH7: 2 } })).qty).toBe(2);
    // 17:00 Chicago (23:00Z): the leader's next trading day.
    source.time = utc('2027-03-10T23:00:00Z');
    expect(guard.check(entry, view({ 2: {} })).qty).toBe(2);
  });

  it("when one group's leader breaks its own rule, then only that group's followers copy no entries; another group's follower copies whole", async () => {
    const leaderRules = rulesOf('topstep-combine-50k');
    leaderRules.flatBy.enabled = false;
    const OTHER_LEADER = 20;
    const source = new MemorySource(new Map([[LEADER, leaderRules]]));
    const guard = new EngineGuard(source);
    await guard.prepare(USER);
    guard.onEquity(USER, LEADER, 50_000, 'leader');
    expect(guard.onEquity(USER, LEADER, 49_000, 'leader').leaderBreach).not.toBeNull();
    // Follower 2 copies the breaching leader; follower 3 copies the other group's leader.
    const groups = {
      ...view({ 2: {}, 3: {} }),
      leaderOf: (id: number) => (id === 2 ? LEADER : OTHER_LEADER),
    };
    const entry = { userId: USER, side: 'buy' as const, symbol: 'ESH7', qty: 2 };
    expect(guard.check({ ...entry, accountId: 2 }, groups)).toMatchObject({ qty: 0, rule: 'leader_breach' });
    expect(guard.check({ ...entry, accountId: 3 }, groups)).toMatchObject({ qty: 2, rule: null });
    // A follower of no leader is held back by no leader's breach.
    expect(guard.check({ ...entry, accountId: 3 }, { ...groups, leaderOf: () => null }).qty).toBe(2);
  });
});

describe('the guard as the engine asks it', () => {
  it('when hedging is set to close first, then the engine is told to send only the closing part', async () => {
    const rules = rulesOf('tradeify-50k');
    rules.hedging = { enabled: true, action: 'close_first' };
    rules.drawdown.enabled = false;
    const port = new FirmRuleGuard(
      new EngineGuard(
        new MemorySource(
          new Map([
            [2, rules],
            [3, rules],
          ]),
        ),
      ),
    );
    await port.prepare(USER);
    const verdict = port.gate(
      { userId: USER, accountId: 2, symbol: 'ESH7', side: 'sell', qty: 5 },
      view({ 2: { ESH7: 2 }, 3: { MESH7: 10 } }),
    );
    expect(verdict).toEqual({
      qty: 2,
      reason: 'No hedging: another of your accounts at this firm holds ES the other way',
    });
  });

  it('when a drawdown and a daily loss are hit together, then the engine flattens and stops following', async () => {
    const rules = rulesOf('topstep-combine-50k');
    rules.flatBy.enabled = false;
    const port = new FirmRuleGuard(new EngineGuard(new MemorySource(new Map([[2, rules]]))));
    await port.prepare(USER);
    expect(port.onEquity(USER, 2, 50_000, 'follower')).toEqual({ flatten: null, leaderBreach: null });
    expect(port.onEquity(USER, 2, 48_100, 'follower')).toEqual({
      flatten: {
        reason: 'Trailing drawdown: equity $48,100 is within $200 of the floor $48,000',
        stopFollowing: true,
      },
      leaderBreach: null,
    });
  });
});
