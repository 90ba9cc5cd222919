import {
  buildCalendar,
  calendarWarnings,
  customRules,
  decideOrder,
  evaluateAccount,
  initialGuardState,
  luxonZones,
  presetById,
  tradingDayKey,
  type GuardEnv,
  type NewsEvent,
  type PropRules,
} from '../../src/propfirm';
import { consistencyStatus } from '../../src/propfirm/rules/consistency';
import { checkDrawdown, initialDrawdown, trackEquity } from '../../src/propfirm/rules/drawdown';
import { flatByStatus, minutesToFlatBy } from '../../src/propfirm/rules/flat-by';
import { checkHedge } from '../../src/propfirm/rules/hedging';
import { checkMaxContracts } from '../../src/propfirm/rules/max-contracts';
import { activeBlackout } from '../../src/propfirm/rules/news';

// Every expected value below is worked out by hand (UTC offsets: Chicago −6 / −5, New York −5 / −4 in
// daylight-saving time; 2026-11-01 and 2027-03-14 are the changes).
const utc = (iso: string): number => Date.parse(iso);

function preset(id: string): PropRules {
  const found = presetById(id);
  if (found === undefined) throw new Error(`no preset ${id}`);
  return structuredClone(found.rules);
}

function env(now: string, events: readonly NewsEvent[] = []): GuardEnv {
  return { now: utc(now), zones: luxonZones, events };
}

const flat = new Map<string, number>();
const order = (symbol: string, signedQty: number, positions: ReadonlyMap<string, number> = flat) => ({
  symbol,
  signedQty,
  positions,
  others: [],
  leaderBreach: null,
});

describe('max contracts, minis and micros counted by the firm', () => {
  const rules = { enabled: true, minis: 5, microsPerMini: 10 };

  it('when 3 NQ are held and 30 MNQ are bought under a 5-mini limit, then 20 go (50 micros in all)', () => {
    const check = checkMaxContracts(rules, new Map([['NQZ6', 3]]), { symbol: 'MNQZ6', signedQty: 30 });
    expect(check.qty).toBe(20);
    expect(check.reason).toBe('Max contracts: clipped from 30 to 20 to stay within 5 minis (50 micros)');
  });

  it('when 4 NQ and 9 MNQ are held, then 1 MNQ fits and a second does not', () => {
    const held = new Map([
      ['NQZ6', 4],
      ['MNQZ6', 9],
    ]);
    expect(checkMaxContracts(rules, held, { symbol: 'MNQZ6', signedQty: 1 })).toEqual({
      qty: 1,
      reason: null,
    });
    expect(checkMaxContracts(rules, held, { symbol: 'MNQZ6', signedQty: 2 }).qty).toBe(1);
  });

  it('when the account is at its limit, then an entry is refused and an exit passes whole', () => {
    const held = new Map([['NQZ6', 5]]);
    expect(checkMaxContracts(rules, held, { symbol: 'NQZ6', signedQty: 1 })).toEqual({
      qty: 0,
      reason: "Max contracts: the account already holds its firm's limit of 5 minis (50 micros)",
    });
    expect(checkMaxContracts(rules, held, { symbol: 'NQZ6', signedQty: -2 })).toEqual({
      qty: 2,
      reason: null,
    });
  });

  it('when a short of 5 ES turns into a long, then it may reach long 5 but no more', () => {
    expect(checkMaxContracts(rules, new Map([['ESZ6', -5]]), { symbol: 'ESZ6', signedQty: 12 }).qty).toBe(10);
  });

  it('when the firm counts a micro as a mini, then 4 MNQ leave room for 1 NQ under 5', () => {
    const oneToOne = { enabled: true, minis: 5, microsPerMini: 1 };
    expect(checkMaxContracts(oneToOne, new Map([['MNQZ6', 4]]), { symbol: 'NQZ6', signedQty: 2 }).qty).toBe(
      1,
    );
  });
});

describe('trailing drawdown', () => {
  const intraday = preset('topstep-combine-50k').drawdown; // 2,000 below, locks at 50,000, buffer 200

  it('when equity is exactly at floor + buffer, then it acts; a cent above, it does not', () => {
    const state = initialDrawdown(intraday, 'd1');
    expect(checkDrawdown(intraday, state, 48_200)).toEqual({ floor: 48_000, headroom: 200, breached: true });
    expect(checkDrawdown(intraday, state, 48_200.01).breached).toBe(false);
  });

  it('when equity rises intraday, then the floor follows it and stops at the starting balance', () => {
    let state = initialDrawdown(intraday, 'd1');
    state = trackEquity(intraday, state, 51_000, 'd1');
    expect(checkDrawdown(intraday, state, 51_000).floor).toBe(49_000);
    state = trackEquity(intraday, state, 53_000, 'd1');
    expect(checkDrawdown(intraday, state, 53_000).floor).toBe(50_000);
    state = trackEquity(intraday, state, 54_000, 'd1');
    expect(checkDrawdown(intraday, state, 50_150)).toEqual({ floor: 50_000, headroom: 150, breached: true });
  });

  it('when the mode is end of day, then the mark moves only when the next day starts, to the close', () => {
    const eod = { ...intraday, mode: 'eod' as const, amount: 2500, lockAt: null };
    let state = initialDrawdown(eod, 'd1');
    state = trackEquity(eod, state, 50_500, 'd1');
    state = trackEquity(eod, state, 51_200, 'd1');
    expect(checkDrawdown(eod, state, 51_200).floor).toBe(47_500);
    state = trackEquity(eod, state, 50_800, 'd2');
    expect(checkDrawdown(eod, state, 50_800).floor).toBe(48_700);
  });
});

describe('trading days in the firm window', () => {
  const topstep = { zone: 'America/Chicago', time: '17:00' };

  it('when Chicago springs forward, then the day still turns at 17:00 local time', () => {
    expect(tradingDayKey(luxonZones, utc('2027-03-12T22:59:59Z'), topstep)).toBe('2027-03-12');
    expect(tradingDayKey(luxonZones, utc('2027-03-12T23:00:00Z'), topstep)).toBe('2027-03-13');
    expect(tradingDayKey(luxonZones, utc('2027-03-14T21:59:59Z'), topstep)).toBe('2027-03-14');
    expect(tradingDayKey(luxonZones, utc('2027-03-14T22:00:00Z'), topstep)).toBe('2027-03-15');
  });

  it('when New York falls back, then the 18:00 day turns an hour later in UTC', () => {
    const ny = { zone: 'America/New_York', time: '18:00' };
    expect(tradingDayKey(luxonZones, utc('2026-10-30T21:59:59Z'), ny)).toBe('2026-10-30');
    expect(tradingDayKey(luxonZones, utc('2026-10-30T22:00:00Z'), ny)).toBe('2026-10-31');
    expect(tradingDayKey(luxonZones, utc('2026-11-02T22:59:59Z'), ny)).toBe('2026-11-02');
    expect(tradingDayKey(luxonZones, utc('2026-11-02T23:00:00Z'), ny)).toBe('2026-11-03');
  });

  it('when the daily loss limit is met exactly, then the account is flattened and entries wait for the next day', () => {
    const rules = preset('topstep-combine-50k'); // DLL 1,000, day from 17:00 Chicago
    rules.flatBy.enabled = false;
    rules.drawdown.enabled = false;
    let state = initialGuardState(rules, env('2027-03-10T22:00:00Z'));
    state = evaluateAccount(rules, env('2027-03-10T22:00:00Z'), state, 50_000).state; // 16:00 CST
    state = evaluateAccount(rules, env('2027-03-10T22:59:00Z'), state, 50_300).state; // 16:59, day ends
    const fresh = evaluateAccount(rules, env('2027-03-10T23:01:00Z'), state, 50_100); // 17:01, next day
    expect(fresh.headroom.dayPnl).toBe(-200);
    expect(fresh.headroom.toDailyLoss).toBe(800);
    expect(fresh.actions).toEqual([]);
    const hit = evaluateAccount(rules, env('2027-03-11T15:00:00Z'), fresh.state, 49_300);
    expect(hit.actions).toEqual([
      {
        kind: 'flatten_for_day',
        rule: 'daily_loss',
        reason: 'Daily loss limit of $1,000 reached (day P&L -$1,000)',
      },
    ]);
    expect(decideOrder(rules, env('2027-03-11T20:00:00Z'), hit.state, order('ESH7', 1))).toMatchObject({
      qty: 0,
      rule: 'daily_loss',
    });
    expect(
      decideOrder(rules, env('2027-03-11T20:00:00Z'), hit.state, order('ESH7', -1, new Map([['ESH7', 2]])))
        .qty,
    ).toBe(1);
    // 17:00 Chicago on 2027-03-11 is 23:00Z: a new day, entries pass again.
    const next = evaluateAccount(rules, env('2027-03-11T23:00:00Z'), hit.state, 49_300);
    expect(decideOrder(rules, env('2027-03-11T23:00:00Z'), next.state, order('ESH7', 1)).qty).toBe(1);
  });

  it('when the day profit reaches the target, then the account stops for the day', () => {
    const rules = customRules();
    rules.dailyProfit = { enabled: true, amount: 500 };
    let state = initialGuardState(rules, env('2027-06-01T14:00:00Z'));
    state = evaluateAccount(rules, env('2027-06-01T14:00:00Z'), state, 10_000).state;
    expect(evaluateAccount(rules, env('2027-06-01T15:00:00Z'), state, 10_499.99).actions).toEqual([]);
    expect(evaluateAccount(rules, env('2027-06-01T15:00:00Z'), state, 10_500).actions[0]).toMatchObject({
      kind: 'flatten_for_day',
      rule: 'daily_profit',
    });
  });
});

describe('flat-by time', () => {
  const rules = preset('topstep-combine-50k').flatBy; // 15:10 Chicago, 3 minutes before, reopens 17:00

  it('when it is the minute before the window (15:06 CST), then entries pass; from 15:07 they do not, until 17:00', () => {
    expect(flatByStatus(luxonZones, rules, utc('2027-03-12T21:06:59Z')).blocked).toBe(false);
    expect(minutesToFlatBy(luxonZones, rules, utc('2027-03-12T21:06:00Z'))).toBe(1);
    expect(flatByStatus(luxonZones, rules, utc('2027-03-12T21:07:00Z')).blocked).toBe(true);
    expect(flatByStatus(luxonZones, rules, utc('2027-03-12T22:59:59Z')).blocked).toBe(true);
    expect(flatByStatus(luxonZones, rules, utc('2027-03-12T23:00:00Z')).blocked).toBe(false);
  });

  it('when Chicago is on daylight time, then the window opens an hour earlier in UTC', () => {
    expect(flatByStatus(luxonZones, rules, utc('2027-03-15T20:06:59Z')).blocked).toBe(false);
    expect(flatByStatus(luxonZones, rules, utc('2027-03-15T20:07:00Z')).blocked).toBe(true);
    expect(flatByStatus(luxonZones, rules, utc('2026-10-30T20:07:00Z')).blocked).toBe(true);
    expect(flatByStatus(luxonZones, rules, utc('2026-11-02T20:07:00Z')).blocked).toBe(false);
    expect(flatByStatus(luxonZones, rules, utc('2026-11-02T21:07:00Z')).blocked).toBe(true);
  });

  it('when the window is on, then entries are refused, exits pass, and the account is flattened once', () => {
    const all = preset('topstep-combine-50k');
    all.drawdown.enabled = false;
    const state = initialGuardState(all, env('2027-03-12T21:07:00Z'));
    const long = new Map([['NQH7', 2]]);
    expect(decideOrder(all, env('2027-03-12T21:07:00Z'), state, order('NQH7', 1, long)).qty).toBe(0);
    expect(decideOrder(all, env('2027-03-12T21:07:00Z'), state, order('NQH7', -2, long)).qty).toBe(2);
    expect(decideOrder(all, env('2027-03-12T21:06:59Z'), state, order('NQH7', 1, long)).qty).toBe(1);
    const first = evaluateAccount(all, env('2027-03-12T21:07:00Z'), state, 50_000);
    expect(first.actions).toEqual([
      { kind: 'flatten', rule: 'flat_by', reason: 'Flat-by: flat before 15:10' },
    ]);
    expect(evaluateAccount(all, env('2027-03-12T21:08:00Z'), first.state, 50_000).actions).toEqual([]);
  });
});

describe('news blackouts', () => {
  const calendar = buildCalendar();
  const tpt = preset('tpt-pro-plus-50k').news; // 1 minute before and after

  it('when the FOMC statement is at 14:00 New York (18:00Z in March 2027), then entries stop from 17:59:00 to 18:00:59', () => {
    expect(activeBlackout(tpt, calendar.events, utc('2027-03-17T17:58:59Z'), 'ESM7')).toBeNull();
    expect(activeBlackout(tpt, calendar.events, utc('2027-03-17T17:59:00Z'), 'ESM7')?.event.title).toBe(
      'FOMC policy statement',
    );
    expect(activeBlackout(tpt, calendar.events, utc('2027-03-17T18:00:59Z'), 'ESM7')).not.toBeNull();
    expect(activeBlackout(tpt, calendar.events, utc('2027-03-17T18:01:00Z'), 'ESM7')).toBeNull();
  });

  it('when New York is on standard time (January), then the same statement is at 19:00Z', () => {
    expect(activeBlackout(tpt, calendar.events, utc('2027-01-27T18:00:00Z'), 'ESH7')).toBeNull();
    expect(activeBlackout(tpt, calendar.events, utc('2027-01-27T19:00:00Z'), 'ESH7')).not.toBeNull();
  });

  it('when the EIA report is out (10:30 New York), then crude is blacked out and the indexes are not', () => {
    expect(activeBlackout(tpt, calendar.events, utc('2027-03-17T14:30:00Z'), 'MCLK7')?.event.title).toBe(
      'EIA Weekly Petroleum Status Report',
    );
    expect(activeBlackout(tpt, calendar.events, utc('2027-03-17T14:30:00Z'), 'NQM7')).toBeNull();
  });

  it('when a blackout is on, then an entry is refused and an exit passes', () => {
    const rules = preset('tpt-pro-plus-50k');
    const at = { now: utc('2027-03-17T18:00:00Z'), zones: luxonZones, events: calendar.events };
    const state = initialGuardState(rules, at);
    const short = new Map([['ESM7', -3]]);
    expect(decideOrder(rules, at, state, order('ESM7', -1, short))).toEqual({
      qty: 0,
      rule: 'news',
      reason: 'News blackout: FOMC policy statement',
      closeFirst: [],
    });
    expect(decideOrder(rules, at, state, order('ESM7', 3, short)).qty).toBe(3);
    // A reversal keeps its closing part.
    expect(decideOrder(rules, at, state, order('ESM7', 5, short)).qty).toBe(3);
  });

  it('when the shipped calendar is read, then each kind says where it ends, and missing kinds are named', () => {
    expect(calendar.coverage).toEqual({ FOMC: '2028-01-26', EIA: '2027-11-24', NFP: null, CPI: null });
    expect(calendar.events[0]).toEqual({
      kind: 'EIA',
      time: utc('2026-11-25T15:30:00Z'),
      title: 'EIA Weekly Petroleum Status Report',
      roots: ['CL', 'MCL'],
    });
    expect(calendarWarnings(calendar, ['FOMC', 'NFP', 'EIA'], utc('2027-11-01T12:00:00Z'))).toEqual([
      'No NFP dates are shipped: add them as your own events',
      'The EIA calendar runs out after 2027-11-24: add later dates as your own events',
    ]);
  });
});

describe('no hedging across the trader own accounts', () => {
  const others = [{ accountId: 7, positions: new Map([['NQZ6', 2]]) }];

  it('when another account is long NQ, then a short MNQ entry is refused and a long one passes', () => {
    const refuse = { enabled: true, action: 'refuse' as const };
    expect(checkHedge(refuse, { symbol: 'MNQZ6', signedQty: -10, held: 0 }, others)).toEqual({
      ok: false,
      action: 'refuse',
      conflicts: [{ accountId: 7, symbol: 'NQZ6', held: 2 }],
      reason: 'No hedging: another of your accounts at this firm holds NQ the other way',
    });
    expect(checkHedge(refuse, { symbol: 'MNQZ6', signedQty: 10, held: 0 }, others)).toEqual({ ok: true });
    expect(checkHedge(refuse, { symbol: 'ESZ6', signedQty: -1, held: 0 }, others)).toEqual({ ok: true });
    // Closing a long of its own is no hedge.
    expect(checkHedge(refuse, { symbol: 'MNQZ6', signedQty: -3, held: 3 }, others)).toEqual({ ok: true });
  });

  it('when the preset closes first, then the order passes with the positions to close', () => {
    const rules = customRules();
    rules.hedging = { enabled: true, action: 'close_first' };
    const at = env('2027-06-02T14:00:00Z');
    const decision = decideOrder(rules, at, initialGuardState(rules, at), { ...order('MNQU7', -4), others });
    expect(decision).toEqual({
      qty: 4,
      rule: 'hedging',
      reason: 'No hedging: another of your accounts at this firm holds NQ the other way',
      closeFirst: [{ accountId: 7, symbol: 'NQZ6', held: 2 }],
    });
  });
});

describe('consistency', () => {
  const rules = { enabled: true, maxBestDayPercent: 50, stopAtLimit: true };

  it('when earlier days made 1,000, then at 50 % today may make 1,000 and stops there', () => {
    const below = consistencyStatus(
      rules,
      new Map([
        ['a', 600],
        ['b', 400],
        ['c', 900],
      ]),
      'c',
    );
    expect(below).toMatchObject({ bestDay: 900, totalProfit: 1900, todayLimit: 1000, stop: false });
    const at = consistencyStatus(
      rules,
      new Map([
        ['a', 600],
        ['b', 400],
        ['c', 1000],
      ]),
      'c',
    );
    expect(at).toEqual({
      bestDay: 1000,
      totalProfit: 2000,
      bestDayPercent: 50,
      todayLimit: 1000,
      stop: true,
    });
  });

  it('when the share is 40 %, then today may make two thirds of the earlier days', () => {
    const status = consistencyStatus(
      { ...rules, maxBestDayPercent: 40 },
      new Map([
        ['a', 900],
        ['b', 0],
      ]),
      'b',
    );
    expect(status.todayLimit).toBeCloseTo(600, 6);
  });
});

describe('a leader that broke its own rule', () => {
  it('when the leader is breached, then entries are refused with the reason and exits pass', () => {
    const rules = customRules();
    const at = env('2027-06-02T14:00:00Z');
    const state = initialGuardState(rules, at);
    const breach = 'The leader reached its daily loss limit';
    expect(decideOrder(rules, at, state, { ...order('ESU7', 2), leaderBreach: breach })).toEqual({
      qty: 0,
      rule: 'leader_breach',
      reason: breach,
      closeFirst: [],
    });
    expect(
      decideOrder(rules, at, state, { ...order('ESU7', -2, new Map([['ESU7', 2]])), leaderBreach: breach })
        .qty,
    ).toBe(2);
  });
});
