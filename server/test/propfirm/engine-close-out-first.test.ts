import { PaperSession } from '../../src/brokers/paper/session';
import type { PlaceOrderCommand } from '../../src/brokers/types';
import type { ClaimResult, ClaimRequest } from '../../src/copier/engine/ports';
import { EngineGuard, FirmRuleGuard } from '../../src/propfirm/engine-port';
import { Harness, LEADER, USER } from '../copier/support/harness';
import { MemorySource, rulesOf } from './support/memory-source';

// A firm rule's close-out protects the account: it must not wait behind the user's copies still queued. Times as
// in engine-rules.test.ts: 2027-03-12 is a Friday, Topstep's flat-by window starts at 21:07Z.
const NQ = 'NQH7';
const FOLLOWER = 2;
const FLAT_BY = "Flat-by: flattened 3 min before the firm's 15:10 deadline (America/Chicago)";

describe('a rule close-out and the copies waiting in the queue', () => {
  it('when the flat-by time comes while leader fills wait in the queue, then the close-out is sent before their copies', async () => {
    const rules = rulesOf('topstep-combine-50k');
    rules.flatBy.enabled = true;
    rules.drawdown.enabled = false;
    rules.dailyLoss.enabled = false;
    const source = new MemorySource(new Map([[FOLLOWER, rules]]), Date.parse('2027-03-12T21:00:00Z'));
    const h = new Harness([{ ratio: 1 }], undefined, {}, new FirmRuleGuard(new EngineGuard(source)));
    await h.start();
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 3, type: 'Market' });
    await h.settle();
    expect(h.position(FOLLOWER, NQ)).toBe(3);

    // The follower's orders in the order they reach its broker: a copy, or the close-out (by its reason).
    const followerId = h.directory.account(FOLLOWER).externalId;
    const reached: string[] = [];
    const place = PaperSession.prototype.placeOrder;
    const spy = jest.spyOn(PaperSession.prototype, 'placeOrder').mockImplementation(function (
      this: PaperSession,
      command: PlaceOrderCommand,
    ) {
      if (command.accountExternalId === followerId) {
        const intent = h.store.intents.get(command.clientOrderId);
        reached.push(intent?.reason === FLAT_BY ? `close-out ${command.qty}` : `copy ${command.qty}`);
      }
      return place.call(this, command);
    });
    // A slow store holds the first of three leader exits: the other two wait in the user's queue.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const claim = h.store.claim.bind(h.store);
    let claims = 0;
    jest.spyOn(h.store, 'claim').mockImplementation(async (event: ClaimRequest): Promise<ClaimResult> => {
      claims += 1;
      if (claims === 1) await gate;
      return claim(event);
    });
    for (let exit = 0; exit < 3; exit += 1)
      await h.leaderOrder({ symbol: NQ, side: 'sell', qty: 1, type: 'Market' });
    await waitFor(() => claims === 1 && (h.engine.groups.get(USER)?.leaders.get(0)?.queued.size ?? 0) === 2);

    source.advance(Date.parse('2027-03-12T21:07:00Z'));
    open();
    await waitFor(() => h.position(FOLLOWER, NQ) === 0);
    await h.settle();

    // The running job's copy went first; then the close-out of the 2 left; the waiting exits found it flat.
    expect(reached).toEqual(['copy 1', 'close-out 2']);
    expect(h.position(FOLLOWER, NQ)).toBe(0);
    expect(h.position(LEADER, NQ)).toBe(0);
    spy.mockRestore();
    await h.engine.stop();
  });
});

/** Waits on a condition the engine reaches asynchronously. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let turns = 0; !condition(); turns += 1) {
    if (turns > 2_000) throw new Error('condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
