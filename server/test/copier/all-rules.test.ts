import type { BalanceReading, OrderGate, ReadingVerdict, RuleGuard } from '../../src/copier/engine/ports';
import { allRules } from '../../src/copier/engine/rules/all-rules';
import { ownLimits } from '../../src/copier/engine/rules/own-limits';
import type { EngineAccount, PlanBounds } from '../../src/copier/engine/types';
import { FirmRuleGuard, type EngineGuard } from '../../src/propfirm/engine-port';
import { followerOne } from './support/engine-account';

/*
 * The rule: a follower's rules answer as one guard, its own limits first, then the firm's. Plans stay within the
 * tightest bound of each kind; an order may go as much as the rule that allows least lets it (with that rule's
 * reason; on a tie, the first rule's); a balance reading asks each rule in turn, and a rule that stops the
 * follower makes the later ones see a stopped follower: its daily loss limit ends as a risk stop and the firm is
 * not asked, a firm's drawdown as a firm rule. Every expected value below is written out by hand.
 */

const follower = (risk: EngineAccount['risk']): EngineAccount => followerOne({ risk });

const ORDER = { userId: 3, accountId: 7, symbol: 'ESH7', side: 'buy' as const, qty: 5 };
const VIEW = { accountIds: [7], positionsOf: () => new Map<string, number>() };
const QUIET: ReadingVerdict = { flatten: null, leaderBreach: null };

/** A rule with fixed answers; it records the readings it was asked about. */
function rule(answers: { bounds?: PlanBounds; gate?: OrderGate; reading?: ReadingVerdict }) {
  const readings: BalanceReading[] = [];
  const prepared: number[] = [];
  const guard: RuleGuard = {
    prepare: (userId) => {
      prepared.push(userId);
      return Promise.resolve();
    },
    boundsOf: () => answers.bounds ?? { maxContractsPerOrder: Infinity, maxNetPosition: Infinity },
    gate: (order) => answers.gate ?? { qty: order.qty, reason: null },
    onReading: (reading) => {
      readings.push(reading);
      return answers.reading ?? QUIET;
    },
  };
  return { guard, readings, prepared };
}

/** The prop-firm port with its rule answers faked: what it is asked (equity, role) is what it computed. */
function firm(answer: ReturnType<FirmRuleGuard['onEquity']>) {
  const asked: Array<[number, number, number, string]> = [];
  const onEquity: FirmRuleGuard['onEquity'] = (userId, accountId, equity, role) => {
    asked.push([userId, accountId, equity, role]);
    return answer;
  };
  const guard = Object.assign(new FirmRuleGuard(undefined as unknown as EngineGuard), { onEquity });
  return { guard, asked };
}

const reading = (account: EngineAccount, over: Partial<BalanceReading> = {}): BalanceReading => ({
  account,
  leads: false,
  follows: true,
  state: 'ok',
  snapshot: { accountExternalId: 'F1', cashBalance: 48_000, realizedPnl: -700, openPnl: -300 },
  ...over,
});

describe('all rules as one guard: bounds', () => {
  it('when two rules bound a plan, then each bound is the tighter of the two', () => {
    const own = follower({ maxContractsPerOrder: 5, maxNetPosition: 10, dailyLossLimit: 0 });
    const other = rule({ bounds: { maxContractsPerOrder: 3, maxNetPosition: 20 } });
    expect(allRules(ownLimits, other.guard).boundsOf(own)).toEqual({
      maxContractsPerOrder: 3,
      maxNetPosition: 10,
    });
    expect(allRules(other.guard, ownLimits).boundsOf(own)).toEqual({
      maxContractsPerOrder: 3,
      maxNetPosition: 10,
    });
  });

  it('when the firm rules are added, then the follower keeps its own bounds (firm rules gate, they do not bound)', () => {
    const own = follower({ maxContractsPerOrder: 4, maxNetPosition: 9, dailyLossLimit: 0 });
    const bounds = allRules(ownLimits, firm(QUIET).guard).boundsOf(own);
    expect([bounds.maxContractsPerOrder, bounds.maxNetPosition]).toEqual([4, 9]);
  });
});

describe('all rules as one guard: the gate', () => {
  it('when rules allow different amounts, then the smallest goes, with the reason of the rule that allowed it', () => {
    const guard = allRules(
      rule({ gate: { qty: 4, reason: 'Four' } }).guard,
      rule({ gate: { qty: 1, reason: 'One' } }).guard,
      rule({ gate: { qty: 2, reason: 'Two' } }).guard,
    );
    expect(guard.gate(ORDER, VIEW)).toEqual({ qty: 1, reason: 'One' });
  });

  it('when two rules allow the same smallest amount, then the first one’s reason is given', () => {
    const guard = allRules(
      rule({ gate: { qty: 2, reason: 'First' } }).guard,
      rule({ gate: { qty: 2, reason: 'Second' } }).guard,
    );
    expect(guard.gate(ORDER, VIEW)).toEqual({ qty: 2, reason: 'First' });
  });

  it('when only the later rule refuses, then its refusal stands against the own limits that pass the order', () => {
    const guard = allRules(ownLimits, rule({ gate: { qty: 0, reason: 'Flat-by' } }).guard);
    expect(guard.gate(ORDER, VIEW)).toEqual({ qty: 0, reason: 'Flat-by' });
  });

  it('when a rule allows more than the order, then the order goes whole with no reason', () => {
    const guard = allRules(ownLimits, rule({ gate: { qty: 9, reason: 'Nine' } }).guard);
    expect(guard.gate(ORDER, VIEW)).toEqual({ qty: 5, reason: null });
  });
});

describe('all rules as one guard: a balance reading', () => {
  const DAILY = 'Daily loss limit of $1,000 reached (day P&L $-1000.00)';

  it('when realized + open P&L reach minus the daily loss limit, then it is a risk stop, and the firm is not asked', () => {
    const firmRules = firm({ flatten: { reason: 'Drawdown', stopFollowing: true }, leaderBreach: null });
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 1000 });
    expect(allRules(ownLimits, firmRules.guard).onReading(reading(own))).toEqual({
      flatten: { kind: 'risk_stop', reason: DAILY, stopFollowing: true },
      leaderBreach: null,
    });
    expect(firmRules.asked).toEqual([]);
  });

  it('when a rule stops the follower, then the later rules see it stopped and not following', () => {
    const first = rule({
      reading: { flatten: { kind: 'risk_stop', reason: 'A', stopFollowing: true }, leaderBreach: null },
    });
    const second = rule({
      reading: { flatten: { kind: 'firm_rule', reason: 'B', stopFollowing: true }, leaderBreach: null },
    });
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 0 });
    const verdict = allRules(first.guard, second.guard).onReading(reading(own));
    expect(verdict.flatten).toEqual({ kind: 'risk_stop', reason: 'A', stopFollowing: true });
    expect([first.readings[0]?.follows, first.readings[0]?.state]).toEqual([true, 'ok']);
    expect([second.readings[0]?.follows, second.readings[0]?.state]).toEqual([false, 'risk_stopped']);
  });

  it('when a rule only closes the follower out, then the later rules still see it following', () => {
    const first = rule({
      reading: {
        flatten: { kind: 'firm_rule', reason: 'Flat-by', stopFollowing: false },
        leaderBreach: null,
      },
    });
    const second = rule({});
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 0 });
    allRules(first.guard, second.guard).onReading(reading(own));
    expect([second.readings[0]?.follows, second.readings[0]?.state]).toEqual([true, 'ok']);
  });

  it('when the follower is shown risk stopped already, then its daily loss limit does not stop it again', () => {
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 1000 });
    expect(ownLimits.onReading(reading(own, { state: 'risk_stopped' }))).toEqual({
      flatten: null,
      leaderBreach: null,
    });
    expect(ownLimits.onReading(reading(own, { state: null }))).toEqual({ flatten: null, leaderBreach: null });
  });

  it('when the daily loss is a cent short, then the firm decides on cash balance + open P&L, and it is a firm rule', () => {
    const firmRules = firm({ flatten: { reason: 'Drawdown', stopFollowing: true }, leaderBreach: null });
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 1000.01 });
    expect(allRules(ownLimits, firmRules.guard).onReading(reading(own))).toEqual({
      flatten: { kind: 'firm_rule', reason: 'Drawdown', stopFollowing: true },
      leaderBreach: null,
    });
    expect(firmRules.asked).toEqual([[3, 7, 47_700, 'follower']]);
  });

  it('when the firm only flattens, then the follower is closed out and keeps following', () => {
    const firmRules = firm({ flatten: { reason: 'Flat-by', stopFollowing: false }, leaderBreach: null });
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 0 });
    expect(allRules(ownLimits, firmRules.guard).onReading(reading(own)).flatten).toEqual({
      kind: 'firm_rule',
      reason: 'Flat-by',
      stopFollowing: false,
    });
  });

  it('when the leader breaks its own rule, then the breach is told and the leader is never closed out', () => {
    const firmRules = firm({ flatten: { reason: 'x', stopFollowing: true }, leaderBreach: 'Leader DLL' });
    const leader = {
      ...follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 10 }),
      id: 9,
    };
    const verdict = allRules(ownLimits, firmRules.guard).onReading(
      reading(leader, { leads: true, follows: false }),
    );
    expect(verdict).toEqual({ flatten: null, leaderBreach: 'Leader DLL' });
    expect(firmRules.asked).toEqual([[3, 9, 47_700, 'leader']]);
  });

  it('when two rules tell a leader breach, then the first is kept', () => {
    const guard = allRules(
      rule({ reading: { flatten: null, leaderBreach: 'First' } }).guard,
      rule({ reading: { flatten: null, leaderBreach: 'Second' } }).guard,
    );
    const own = follower({ maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 0 });
    expect(guard.onReading(reading(own)).leaderBreach).toBe('First');
  });
});

describe('all rules as one guard: preparing and deadlines', () => {
  it('when a user is loaded, then every rule reads its rules; a deadline listener reaches the rules that keep deadlines', async () => {
    const a = rule({});
    const b = rule({});
    const registered: string[] = [];
    const withDeadlines: RuleGuard = { ...b.guard, onDeadline: () => registered.push('b') };
    const guard = allRules(a.guard, withDeadlines);
    await guard.prepare(3);
    guard.onDeadline?.(() => Promise.resolve(true));
    expect([a.prepared, b.prepared, registered]).toEqual([[3], [3], ['b']]);
  });
});
