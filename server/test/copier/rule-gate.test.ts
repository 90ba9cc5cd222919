import type { EngineContext } from '../../src/copier/engine/context';
import { guardAtSend, guardPlan } from '../../src/copier/engine/rule-gate';
import { checkRules } from '../../src/copier/engine/rule-checks';
import { allRules } from '../../src/copier/engine/rules/all-rules';
import { ownLimits } from '../../src/copier/engine/rules/own-limits';
import { FirmRuleGuard, type EngineGuard } from '../../src/propfirm/engine-port';
import { addInflightCopy, brokerPositionSeen, newLiveAccount } from '../../src/copier/engine/state';
import { DEFAULT_RISK, type CopyIntent, type EngineAccount } from '../../src/copier/engine/types';
import { marketCopy } from './support/copy-intent';

/*
 * The rule: every planned copy and every order about to go out is put to the firm rules with what each account
 * of the user holds (its broker position plus its copies on their way; at send time without the order itself;
 * earlier parts of one plan count as held). A part goes whole, clipped to whole contracts, or not at all, the
 * rest recorded with the rule's reason. A balance reading asks the rules about the account's equity (cash +
 * open P&L): a broken leader rule is told to the user, a follower to flatten is closed out (ahead of the queue)
 * and, when the rule says so, stops following; the user is told. The firm guard's answers are faked (its `gate`
 * and `onEquity`), behind the engine's own limits as the engine composes them: what it is asked is what these
 * examples check.
 */

const OK = { state: 'ok' as const, reason: null };
const USER = 3;
const FOLLOWER = 7;

const intent = (
  clientOrderId: string,
  side: 'buy' | 'sell',
  qty: number,
  over: Partial<CopyIntent> = {},
): CopyIntent =>
  marketCopy(clientOrderId, 'NQH7', side, qty, {
    eventKey: 'f:1:a',
    userId: USER,
    accountId: FOLLOWER,
    ...over,
  });
const OTHER = 8;
const LEADER = 9;

type Gate = FirmRuleGuard['gate'];
type Asked = { qty: number; accountIds: readonly number[]; held: Record<number, Record<string, number>> };

function account(id: number, over: Partial<EngineAccount> = {}): EngineAccount {
  return {
    id,
    userId: USER,
    connectionId: 2,
    externalId: `X${id}`,
    name: `Account ${id}`,
    isLeader: false,
    isFollower: true,
    ratio: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: DEFAULT_RISK,
    ...over,
  };
}

function setup(
  verdict: (qty: number, asked: number) => { qty: number; reason: string | null } = (qty) => ({
    qty,
    reason: null,
  }),
  equityAnswer: ReturnType<FirmRuleGuard['onEquity']> = { flatten: null, leaderBreach: null },
  options: { withGuard?: boolean; closeOutFails?: boolean } = {},
) {
  const asked: Asked[] = [];
  const leaders: Array<number | null | undefined> = [];
  const equities: Array<[number, number, number, string]> = [];
  const gate: Gate = (order, view) => {
    const held: Asked['held'] = {};
    for (const id of [FOLLOWER, OTHER]) held[id] = Object.fromEntries(view.positionsOf(id));
    asked.push({ qty: order.qty, accountIds: view.accountIds, held });
    leaders.push(view.leaderOf?.(order.accountId));
    return verdict(order.qty, asked.length);
  };
  const onEquity: FirmRuleGuard['onEquity'] = (userId, accountId, equity, role) => {
    equities.push([userId, accountId, equity, role]);
    return equityAnswer;
  };
  const firm = Object.assign(new FirmRuleGuard(undefined as unknown as EngineGuard), { gate, onEquity });
  const follower = account(FOLLOWER);
  const other = account(OTHER);
  const leader = account(LEADER, { isLeader: true, isFollower: false });
  const lives = new Map([FOLLOWER, OTHER, LEADER].map((id) => [id, newLiveAccount(OK, [])]));
  const closeOuts: number[] = [];
  const stopped: Array<[number, string]> = [];
  const notices: unknown[] = [];
  const logged: string[] = [];
  const ctx = {
    guard: options.withGuard === false ? ownLimits : allRules(ownLimits, firm),
    accounts: new Map([follower, other, leader].map((a) => [a.id, a])),
    live: lives,
    groups: new Map([
      [
        USER,
        {
          accountIds: new Set([LEADER, FOLLOWER, OTHER]),
          leaders: new Map([[0, { accountId: LEADER, copyGroupId: 0 }]]),
        },
      ],
    ]),
    enqueueFirst: (userId: number) => {
      closeOuts.push(userId);
      return options.closeOutFails === true ? Promise.reject(new Error('down')) : Promise.resolve();
    },
    directory: {
      stopFollowing: (id: number, reason: string) => {
        stopped.push([id, reason]);
        return Promise.resolve();
      },
    },
    notifier: { notify: (_userId: number, notice: unknown) => notices.push(notice) },
    log: (_error: unknown, context: string) => logged.push(context),
    setStatus: (id: number, status: { state: string; reason: string | null }) => {
      const live = lives.get(id) as { status: unknown };
      live.status = status;
    },
  } as unknown as EngineContext;
  const live = (id: number) => lives.get(id) ?? newLiveAccount(OK, []);
  return { ctx, asked, leaders, equities, follower, leader, live, closeOuts, stopped, notices, logged };
}

const snapshot = (cashBalance: number, openPnl: number) => ({
  accountExternalId: 'X7',
  cashBalance,
  realizedPnl: 0,
  openPnl,
});

describe('guardPlan', () => {
  it('when there is no firm guard, then the plan goes whole and nothing is asked', () => {
    const t = setup(undefined, undefined, { withGuard: false });
    const plan = [intent('a', 'buy', 2)];
    expect(guardPlan(t.ctx, plan)).toEqual({ intents: plan, skips: [] });
    expect(guardAtSend(t.ctx, plan[0] as CopyIntent)).toBeNull();
    expect(t.asked).toEqual([]);
  });

  it('when the rules are asked, then they see every account of the user with its position plus copies on their way, and earlier parts as held', () => {
    const t = setup();
    brokerPositionSeen(
      t.live(FOLLOWER),
      { accountExternalId: 'X7', symbol: 'NQH7', netPos: 1, avgPrice: 1 },
      0,
    );
    brokerPositionSeen(
      t.live(OTHER),
      { accountExternalId: 'X8', symbol: 'ESH7', netPos: -2, avgPrice: 1 },
      0,
    );
    addInflightCopy(t.live(FOLLOWER), intent('w', 'buy', 2));
    addInflightCopy(t.live(FOLLOWER), intent('v', 'sell', 1, { symbol: 'ESH7' }));
    const result = guardPlan(t.ctx, [intent('a', 'buy', 2), intent('b', 'sell', 1)]);
    expect(result.intents.map((i) => [i.clientOrderId, i.qty])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(t.asked).toEqual([
      {
        qty: 2,
        accountIds: [LEADER, FOLLOWER, OTHER],
        held: { [FOLLOWER]: { NQH7: 3, ESH7: -1 }, [OTHER]: { ESH7: -2 } },
      },
      {
        qty: 1,
        accountIds: [LEADER, FOLLOWER, OTHER],
        held: { [FOLLOWER]: { NQH7: 5, ESH7: -1 }, [OTHER]: { ESH7: -2 } },
      },
    ]);
  });

  it('when the rules are asked, then each order comes with the leader of its group (a leader breach holds back that group only), planned and sent', () => {
    const t = setup();
    guardPlan(t.ctx, [intent('a', 'buy', 1), intent('b', 'buy', 1, { accountId: OTHER })]);
    guardAtSend(t.ctx, intent('c', 'buy', 1));
    // An account the engine does not hold follows no leader.
    guardAtSend(t.ctx, intent('d', 'buy', 1, { accountId: 99 }));
    expect(t.leaders).toEqual([LEADER, LEADER, LEADER, null]);
  });

  it('when a part is clipped, then whole contracts go and the rest is recorded with the reason; a refused part adds nothing to what is held', () => {
    const t = setup((qty, n) =>
      n === 1
        ? { qty: 1.7, reason: 'Max 3 contracts' }
        : n === 2
          ? { qty: -1, reason: null }
          : { qty, reason: null },
    );
    const result = guardPlan(t.ctx, [intent('a', 'buy', 3), intent('b', 'buy', 2), intent('c', 'sell', 1)]);
    expect(result.intents.map((i) => [i.clientOrderId, i.side, i.qty])).toEqual([
      ['a', 'buy', 1],
      ['c', 'sell', 1],
    ]);
    expect(result.skips).toEqual([
      {
        eventKey: 'f:1:a',
        userId: USER,
        accountId: FOLLOWER,
        symbol: 'NQH7',
        side: 'buy',
        qty: 2,
        type: 'Market',
        price: null,
        status: 'Rejected',
        reason: 'Max 3 contracts',
      },
      expect.objectContaining({ qty: 2, side: 'buy', reason: 'Refused by a firm rule' }),
    ]);
    // a went as 1, b not at all: c sees 1 held.
    expect(t.asked[2]?.held[FOLLOWER]).toEqual({ NQH7: 1 });
  });

  it('when an earlier part sells, then the later parts see the position lowered by it', () => {
    const t = setup();
    guardPlan(t.ctx, [intent('a', 'sell', 2), intent('b', 'sell', 1)]);
    expect(t.asked.map((asked) => asked.held[FOLLOWER])).toEqual([{}, { NQH7: -2 }]);
  });

  it('when the user has no copy group or the account no live state, then the rules see no accounts and nothing held', () => {
    const t = setup();
    t.ctx.live.delete(FOLLOWER);
    t.ctx.live.delete(OTHER);
    expect(guardAtSend(t.ctx, intent('a', 'buy', 1, { userId: 99 }))).toBeNull();
    guardPlan(t.ctx, [intent('b', 'buy', 1, { userId: 99 })]);
    expect(t.asked).toEqual([
      { qty: 1, accountIds: [], held: { [FOLLOWER]: {}, [OTHER]: {} } },
      { qty: 1, accountIds: [], held: { [FOLLOWER]: {}, [OTHER]: {} } },
    ]);
  });

  it('when the rules allow more than asked, then the part goes as planned', () => {
    const t = setup(() => ({ qty: 10, reason: null }));
    const plan = [intent('a', 'buy', 2)];
    const result = guardPlan(t.ctx, plan);
    expect(result.intents[0]).toBe(plan[0]);
    expect(result.skips).toEqual([]);
  });
});

describe('guardAtSend', () => {
  it('when an order is about to go out, then the rules see the positions without the order itself', () => {
    const t = setup();
    const order = intent('a', 'buy', 2);
    addInflightCopy(t.live(FOLLOWER), order);
    addInflightCopy(t.live(FOLLOWER), intent('b', 'buy', 1));
    expect(guardAtSend(t.ctx, order)).toBeNull();
    expect(t.asked).toEqual([
      { qty: 2, accountIds: [LEADER, FOLLOWER, OTHER], held: { [FOLLOWER]: { NQH7: 1 }, [OTHER]: {} } },
    ]);
  });

  it('when the rules now allow less than the order, then its reason (or the default) refuses it; exactly the order passes', () => {
    expect(guardAtSend(setup(() => ({ qty: 1, reason: 'Flat-by' })).ctx, intent('a', 'buy', 2))).toBe(
      'Flat-by',
    );
    expect(guardAtSend(setup(() => ({ qty: 0, reason: null })).ctx, intent('a', 'buy', 2))).toBe(
      'Refused by a firm rule',
    );
    expect(guardAtSend(setup(() => ({ qty: 2, reason: 'Flat-by' })).ctx, intent('a', 'buy', 2))).toBeNull();
  });
});

describe('checkRules: the firm rules', () => {
  const DRAWDOWN = 'Trailing drawdown reached';

  it('when a follower is to be flattened and stop following, then it is stopped, closed out ahead of the queue and the user told', async () => {
    const t = setup(undefined, { flatten: { reason: DRAWDOWN, stopFollowing: true }, leaderBreach: null });
    await checkRules(t.ctx, t.follower, snapshot(49_000, -850));
    expect(t.equities).toEqual([[USER, FOLLOWER, 48_150, 'follower']]);
    expect(t.follower.isFollower).toBe(false);
    expect(t.live(FOLLOWER).status).toEqual({ state: 'risk_stopped', reason: DRAWDOWN });
    expect(t.closeOuts).toEqual([USER]);
    expect(t.stopped).toEqual([[FOLLOWER, DRAWDOWN]]);
    expect(t.notices).toEqual([
      { kind: 'firm_rule', accountName: 'Account 7', reason: DRAWDOWN, stopped: true },
    ]);
    expect(t.logged).toEqual([]);
  });

  it('when a follower is only to be flattened, then it is closed out and keeps following', async () => {
    const t = setup(undefined, { flatten: { reason: 'Flat-by', stopFollowing: false }, leaderBreach: null });
    await checkRules(t.ctx, t.follower, snapshot(50_000, 0));
    expect([t.follower.isFollower, t.live(FOLLOWER).status, t.closeOuts, t.stopped]).toEqual([
      true,
      OK,
      [USER],
      [],
    ]);
    expect(t.notices).toEqual([
      { kind: 'firm_rule', accountName: 'Account 7', reason: 'Flat-by', stopped: false },
    ]);
  });

  it('when the leader breaks its own rule, then the user is told and the leader is never closed out', async () => {
    const t = setup(undefined, { flatten: { reason: 'x', stopFollowing: true }, leaderBreach: 'Daily loss' });
    await checkRules(t.ctx, t.leader, snapshot(50_000, 100));
    expect(t.equities).toEqual([[USER, LEADER, 50_100, 'leader']]);
    expect(t.notices).toEqual([
      { kind: 'leader_breach', accountName: `Account ${LEADER}`, reason: 'Daily loss' },
    ]);
    expect([t.closeOuts, t.stopped, t.leader.isFollower]).toEqual([[], [], false]);
  });

  it('when the account neither leads nor follows, or is already risk stopped, or there is no guard, then nothing is done', async () => {
    const answer = { flatten: { reason: DRAWDOWN, stopFollowing: true }, leaderBreach: null };
    const idle = setup(undefined, answer);
    await checkRules(idle.ctx, account(OTHER, { isFollower: false }), snapshot(1, 1));
    expect(idle.equities).toEqual([]);
    const stoppedBefore = setup(undefined, answer);
    stoppedBefore.ctx.setStatus(FOLLOWER, { state: 'risk_stopped', reason: DRAWDOWN });
    await checkRules(stoppedBefore.ctx, stoppedBefore.follower, snapshot(1, 1));
    expect([stoppedBefore.closeOuts, stoppedBefore.notices, stoppedBefore.follower.isFollower]).toEqual([
      [],
      [],
      true,
    ]);
    const none = setup(undefined, answer, { withGuard: false });
    await checkRules(none.ctx, none.follower, snapshot(1, 1));
    expect([none.closeOuts, none.notices]).toEqual([[], []]);
  });

  it('when the account has no copy group or live state, then it is asked about as a follower and closed out', async () => {
    const t = setup(undefined, { flatten: { reason: DRAWDOWN, stopFollowing: false }, leaderBreach: null });
    const stray = account(FOLLOWER, { userId: 99 });
    t.ctx.live.delete(FOLLOWER);
    await checkRules(t.ctx, stray, snapshot(10, 5));
    expect(t.equities).toEqual([[99, FOLLOWER, 15, 'follower']]);
    expect(t.closeOuts).toEqual([99]);
  });

  it('when the close-out fails, then the failure is logged and the user still told', async () => {
    const t = setup(
      undefined,
      { flatten: { reason: DRAWDOWN, stopFollowing: true }, leaderBreach: null },
      { closeOutFails: true },
    );
    await checkRules(t.ctx, t.follower, snapshot(1, 1));
    expect(t.logged).toEqual([`firm rule ${FOLLOWER}`]);
    expect(t.notices).toHaveLength(1);
  });
});
