import { EngineGuard, FirmRuleGuard } from '../../src/propfirm/engine-port';
import type { PropRules } from '../../src/propfirm';
import { Harness, LEADER } from '../copier/support/harness';
import { MemorySource, rulesOf } from './support/memory-source';

// The follower is account 2 (ratio 1). Times are worked by hand: 2027-03-12 is a Friday, Chicago UTC−6, so
// Topstep's flat-by window (15:10 − 3 min) starts at 21:07Z and the session reopens at 23:00Z; the FOMC
// statement of 2027-03-17 is at 14:00 New York = 18:00Z.
const NQ = 'NQH7';
const FOLLOWER = 2;

function topstep(edit: (rules: PropRules) => void = () => undefined): PropRules {
  const rules = rulesOf('topstep-combine-50k');
  rules.flatBy.enabled = false;
  rules.drawdown.enabled = false;
  rules.dailyLoss.enabled = false;
  edit(rules);
  return rules;
}

async function harnessWith(
  rules: Map<number, PropRules>,
  start: string,
): Promise<{ h: Harness; source: MemorySource }> {
  const source = new MemorySource(rules, Date.parse(start));
  const h = new Harness([{ ratio: 1 }], undefined, {}, new FirmRuleGuard(new EngineGuard(source)));
  await h.start();
  return { h, source };
}

const reasons = (h: Harness): string[] =>
  h.store.skips.filter((s) => s.accountId === FOLLOWER).map((s) => s.reason);

describe('the copy engine with firm rules', () => {
  it('when a copy would pass the firm max contracts, then it is clipped with the reason and exits go whole', async () => {
    const { h, source } = await harnessWith(new Map([[FOLLOWER, topstep()]]), '2027-03-10T15:00:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 8, type: 'Market' });
    await h.settle();
    expect([h.position(LEADER, NQ), h.position(FOLLOWER, NQ)]).toEqual([8, 5]);
    expect(reasons(h)).toContain('Max contracts: clipped from 8 to 5 to stay within 5 minis (50 micros)');
    // Told once (the mail): the clipped copy passes whole when it is sent.
    expect(source.acted.map((item) => [item.accountId, item.reason])).toEqual([
      [FOLLOWER, 'Max contracts: clipped from 8 to 5 to stay within 5 minis (50 micros)'],
    ]);
    await h.leaderOrder({ symbol: NQ, side: 'sell', qty: 8, type: 'Market' });
    await h.settle();
    expect([h.position(LEADER, NQ), h.position(FOLLOWER, NQ)]).toEqual([0, 0]);
  });

  it('when the flat-by window is on, then entries are refused, the follower is flattened, and exits pass', async () => {
    const rules = topstep((r) => (r.flatBy.enabled = true));
    const { h, source } = await harnessWith(new Map([[FOLLOWER, rules]]), '2027-03-12T21:06:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(2);
    source.time = Date.parse('2027-03-12T21:07:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    expect(reasons(h)).toContain(
      'Flat-by: no new entries from 3 min before 15:10 until the session reopens at 17:00',
    );
    // A price step brings a balance reading: the window flattens the follower.
    h.venue.setPrice(NQ, 21_001);
    await h.settle();
    await waitFor(() => h.position(FOLLOWER, NQ) === 0);
    expect(h.notifications).toContainEqual({
      kind: 'risk_stop',
      title: 'Account 2 flattened',
      message: 'Flat-by: flat before 15:10. The account was flattened; its exits still follow the leader.',
    });
    // Closed through the send path like the timer's flatten, the reason on the order.
    expect(
      [...h.store.intents.values()]
        .filter((intent) => intent.reason === 'Flat-by: flat before 15:10')
        .map((intent) => [intent.side, intent.qty]),
    ).toEqual([['sell', 2]]);
    await h.leaderOrder({ symbol: NQ, side: 'sell', qty: 3, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(0);
    // After 17:00 Chicago entries are copied again.
    source.time = Date.parse('2027-03-12T23:00:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(1);
  });

  it('when the flat-by time comes with no price moving, then the timer flattens the follower through the send path, with the reason', async () => {
    const rules = topstep((r) => (r.flatBy.enabled = true));
    // The leader has the same firm's rules: its own trading is never flattened, nor mailed about.
    const { h, source } = await harnessWith(
      new Map([
        [FOLLOWER, rules],
        [LEADER, rules],
      ]),
      '2027-03-12T21:00:00Z',
    );
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(2);
    // One minute before the window (21:07Z) nothing happens; at 21:07Z the timer fires.
    source.advance(Date.parse('2027-03-12T21:06:00Z'));
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(2);
    source.advance(Date.parse('2027-03-12T21:07:00Z'));
    await waitFor(() => h.position(FOLLOWER, NQ) === 0);
    await h.settle();
    const reason = "Flat-by: flattened 3 min before the firm's 15:10 deadline (America/Chicago)";
    const sent = [...h.store.intents.values()].filter((intent) => intent.reason === reason);
    expect(
      sent.map((intent) => [intent.accountId, intent.symbol, intent.side, intent.qty, intent.exit]),
    ).toEqual([[FOLLOWER, NQ, 'sell', 2, true]]);
    expect(source.acted.map((item) => [item.accountId, item.reason])).toEqual([[FOLLOWER, reason]]);
    expect(h.notifications).toContainEqual(
      expect.objectContaining({ kind: 'risk_stop', title: 'Account 2 flattened' }),
    );
    // The leader is the user's own trading: untouched. The window is flattened once.
    expect(h.position(LEADER, NQ)).toBe(2);
    source.advance(Date.parse('2027-03-12T21:30:00Z'));
    await h.settle();
    expect([...h.store.intents.values()].filter((intent) => intent.reason === reason)).toHaveLength(1);
    // A timer stays armed for the next window.
    expect(source.timers.some((timer) => !timer.canceled)).toBe(true);
  });

  it('when the FOMC blackout is on, then an entry is refused and an exit passes', async () => {
    const rules = topstep(
      (r) => (r.news = { enabled: true, minutesBefore: 1, minutesAfter: 1, kinds: ['FOMC'] }),
    );
    const { h, source } = await harnessWith(new Map([[FOLLOWER, rules]]), '2027-03-17T17:58:59Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(2);
    source.time = Date.parse('2027-03-17T17:59:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    expect(reasons(h)).toContain('News blackout: FOMC policy statement');
    expect(h.position(FOLLOWER, NQ)).toBe(2);
    source.time = Date.parse('2027-03-17T18:00:59Z');
    await h.leaderOrder({ symbol: NQ, side: 'sell', qty: 3, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(0);
  });

  it('when prices move against the follower to within the drawdown buffer, then it is flattened before the floor and stops following', async () => {
    const rules = topstep((r) => (r.drawdown.enabled = true)); // floor 48,000, buffer 200
    const { h } = await harnessWith(new Map([[FOLLOWER, rules]]), '2027-03-10T15:00:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    const entry = h.venue.account(h.directory.account(FOLLOWER).externalId).positions.get(NQ)?.avgPrice ?? 0;
    // 2 NQ at $20 a point: 30 points down is −$1,200 (not yet), 46 points −$1,840: equity 48,160 ≤ 48,200.
    h.venue.setPrice(NQ, entry - 30);
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(2);
    h.venue.setPrice(NQ, entry - 46);
    await waitFor(() => h.position(FOLLOWER, NQ) === 0);
    await h.settle();
    const snapshot = h.venue.snapshot(h.directory.account(FOLLOWER).externalId);
    expect(snapshot.cashBalance + snapshot.openPnl).toBeGreaterThan(48_000);
    expect(h.directory.account(FOLLOWER).isFollower).toBe(false);
    expect(h.notifications).toContainEqual(
      expect.objectContaining({ kind: 'risk_stop', title: 'Account 2 stopped following' }),
    );
    expect(h.position(LEADER, NQ)).toBe(2);
  });

  it('when the leader reaches its own daily loss limit, then the group copies no entries and the user is told', async () => {
    const leaderRules = topstep((r) => (r.dailyLoss = { enabled: true, amount: 500 }));
    const { h } = await harnessWith(new Map([[LEADER, leaderRules]]), '2027-03-10T15:00:00Z');
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    const entry = h.venue.account(h.leaderExternalId).positions.get(NQ)?.avgPrice ?? 0;
    // The day starts from the leader's first reading; 1 NQ 30 points down is −$600.
    h.venue.setPrice(NQ, entry - 30);
    await h.settle();
    await waitFor(() => h.notifications.some((n) => n.title === 'Account 1 broke its firm rule'));
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(1);
    expect(reasons(h).some((reason) => reason.startsWith('The leader broke its own firm rule'))).toBe(true);
    await h.leaderOrder({ symbol: NQ, side: 'sell', qty: 2, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(0);
  });
});

/** Waits on a condition the engine reaches asynchronously (a flatten on a balance reading). */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let turns = 0; !condition(); turns += 1) {
    if (turns > 2_000) throw new Error('condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
