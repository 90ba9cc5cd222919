import { PaperSession } from '../../src/brokers/paper/session';
import { EngineGuard, FirmRuleGuard } from '../../src/propfirm/engine-port';
import type { PropRules } from '../../src/propfirm';
import { Harness, LEADER } from '../copier/support/harness';
import { MemorySource, rulesOf } from './support/memory-source';

// A drawdown or daily loss stop closes the follower through the engine's send path, as the flat-by timer does:
// each close-out is a stored order carrying the rule's reason (the orders list shows it), sent within the broker's
// budget and looked up by its client id before any resend. A broker-side flatten would leave no such order.
const NQ = 'NQH7';
const ES = 'ESH7';
const FOLLOWER = 2;

function topstep(edit: (rules: PropRules) => void): PropRules {
  const rules = rulesOf('topstep-combine-50k');
  rules.flatBy.enabled = false;
  rules.drawdown.enabled = false;
  rules.dailyLoss.enabled = false;
  edit(rules);
  return rules;
}

async function guarded(rules: PropRules): Promise<Harness> {
  const source = new MemorySource(new Map([[FOLLOWER, rules]]), Date.parse('2027-03-10T15:00:00Z'));
  const h = new Harness([{ ratio: 1 }], undefined, {}, new FirmRuleGuard(new EngineGuard(source)));
  await h.start();
  return h;
}

/** The follower's stored orders sent on the engine's own account (not for a leader event). */
function closeOuts(h: Harness): Array<[string, string, number, boolean, string | null, string]> {
  return [...h.store.intents.values()]
    .filter((intent) => intent.accountId === FOLLOWER && intent.reason !== undefined)
    .map((intent) => [
      intent.symbol,
      intent.side,
      intent.qty,
      intent.exit,
      intent.outcome?.status ?? null,
      intent.reason ?? '',
    ]);
}

async function entryOf(h: Harness, symbol: string, accountId: number): Promise<number> {
  return h.venue.account(h.directory.account(accountId).externalId).positions.get(symbol)?.avgPrice ?? 0;
}

let brokerFlatten: jest.SpyInstance;
beforeEach(() => {
  brokerFlatten = jest.spyOn(PaperSession.prototype, 'flatten');
});
afterEach(() => brokerFlatten.mockRestore());

describe('rule stops flatten through the send path', () => {
  it('when the trailing drawdown buffer is reached, then the close-out is a stored order with the reason, sent once though its answer is lost', async () => {
    const h = await guarded(topstep((r) => (r.drawdown.enabled = true))); // floor 48,000, buffer 200
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    const entry = await entryOf(h, NQ, FOLLOWER);
    // The broker takes the close-out but its answer is lost: the engine looks it up instead of sending again.
    h.venue.faults.arm({ kind: 'drop-after-send' }, h.directory.account(FOLLOWER).externalId);
    // 2 NQ at $20 a point, 46 points down: equity 48,160, within $200 of the floor.
    h.venue.setPrice(NQ, entry - 46);
    await waitFor(() => closeOuts(h).some((order) => order[4] === 'Success'));
    await h.settle();
    expect(closeOuts(h)).toEqual([
      [
        NQ,
        'sell',
        2,
        true,
        'Success',
        'Trailing drawdown: equity $48,160 is within $200 of the floor $48,000',
      ],
    ]);
    expect(h.position(FOLLOWER, NQ)).toBe(0);
    expect(brokerFlatten).not.toHaveBeenCalled();
    expect(h.directory.account(FOLLOWER).isFollower).toBe(false);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('risk_stopped');
    expect(h.notifications).toContainEqual(
      expect.objectContaining({ kind: 'risk_stop', title: 'Account 2 stopped following' }),
    );
    expect(h.position(LEADER, NQ)).toBe(2);
    await h.engine.stop();
  });

  it("when the firm's daily loss limit is reached, then the close-out carries the rule's reason and entries stop for the day", async () => {
    const h = await guarded(topstep((r) => (r.dailyLoss = { enabled: true, amount: 500 })));
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    const entry = await entryOf(h, NQ, FOLLOWER);
    // The day starts from the first reading; 1 NQ 30 points down is −$600.
    h.venue.setPrice(NQ, entry - 30);
    await waitFor(() => h.position(FOLLOWER, NQ) === 0);
    await h.settle();
    const orders = closeOuts(h);
    expect(orders.map((order) => order.slice(0, 5))).toEqual([[NQ, 'sell', 1, true, 'Success']]);
    expect(orders[0]?.[5]).toMatch(/^Daily loss limit of \$500 reached \(day P&L -\$6\d\d(\.\d+)?\)$/);
    expect(brokerFlatten).not.toHaveBeenCalled();
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(0);
    await h.engine.stop();
  });

  it("when the follower's own daily loss limit is reached, then the close-out carries the reason and it stops following", async () => {
    const h = new Harness([{ ratio: 1, risk: { dailyLossLimit: 100 } }]);
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    const entry = await entryOf(h, ES, FOLLOWER);
    // 1 ES at $50 a point, 3 points down: −$150.
    h.venue.setPrice(ES, entry - 3);
    await waitFor(() => h.position(FOLLOWER, ES) === 0);
    await h.settle();
    const orders = closeOuts(h);
    expect(orders.map((order) => order.slice(0, 5))).toEqual([[ES, 'sell', 1, true, 'Success']]);
    expect(orders[0]?.[5]).toMatch(/^Daily loss limit of \$100 reached \(day P&L \$-1\d\d\.\d\d\)$/);
    expect(brokerFlatten).not.toHaveBeenCalled();
    expect(h.directory.account(FOLLOWER).isFollower).toBe(false);
    expect(h.notifications.map((n) => n.title)).toContain('Account 2 stopped following');
    await h.engine.stop();
  });
});

/** Waits on a condition the engine reaches asynchronously (a flatten on a balance reading). */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let turns = 0; !condition(); turns += 1) {
    if (turns > 2_000) throw new Error('condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
