import fc from 'fast-check';
import type { PaperFault } from '../../src/brokers/paper/faults';
import type { BrokerEvent } from '../../src/brokers/types';
import { crossSymbol, frontMonth } from '@synctrade/market';
import { expectedFollowerPosition } from '../support/expected-position';
import { followerSetup, followerSetupFields } from './support/follower-setups';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');
// The engine runs on the in-memory store here, so the PostgreSQL pass of the suite needs only a quarter.
const RUNS = Number(process.env.COPIER_BURST_RUNS ?? (process.env.TEST_DB === 'postgres' ? 250 : 1000));
const FOLLOWERS = [2, 3, 4] as const;

/** Something the leader (or the engine's own timers) does inside a burst, started without waiting for the last. */
type BurstAct =
  | { kind: 'market'; side: 'buy' | 'sell'; qty: number; parts: number[] }
  | { kind: 'flatten' }
  | { kind: 'auto-sync' }
  | { kind: 'leader-events'; fault: PaperFault }
  | { kind: 'follower-fault'; follower: number; fault: PaperFault };

/** What a person does by hand on a follower between two bursts. */
type HandAct =
  | { kind: 'flatten'; follower: number }
  | { kind: 'order'; follower: number; side: 'buy' | 'sell'; qty: number };

interface Phase {
  /** The engine restarts before the burst; `crash`: it died right after writing a leader event's intents. */
  restart: 'none' | 'plain' | 'crash';
  /** Each act, then this many turns of the event loop before the next one starts (0: at once). */
  burst: Array<{ act: BurstAct; gap: number }>;
  hand: HandAct | null;
}

const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const burstAct: fc.Arbitrary<BurstAct> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      qty: fc.integer({ min: 1, max: 5 }),
      parts: fc.array(fc.integer({ min: 1, max: 2 }), { maxLength: 3 }),
    }),
    weight: 10,
  },
  { arbitrary: fc.constant({ kind: 'flatten' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'auto-sync' as const }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('leader-events' as const),
      fault: fc.constantFrom<PaperFault>({ kind: 'duplicate-events' }, { kind: 'replay-events', count: 5 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('follower-fault' as const),
      follower: fc.nat({ max: 2 }),
      fault: fc.constantFrom<PaperFault>(
        { kind: 'timeout' },
        { kind: 'drop-after-send' },
        { kind: 'duplicate-events' },
        { kind: 'replay-events', count: 3 },
      ),
    }),
    weight: 2,
  },
);

const handAct: fc.Arbitrary<HandAct> = fc.oneof(
  fc.record({ kind: fc.constant('flatten' as const), follower: fc.nat({ max: 2 }) }),
  fc.record({
    kind: fc.constant('order' as const),
    follower: fc.nat({ max: 2 }),
    side,
    qty: fc.integer({ min: 1, max: 2 }),
  }),
);

const phase: fc.Arbitrary<Phase> = fc.record({
  restart: fc.constantFrom<Phase['restart']>('none', 'none', 'none', 'plain', 'crash'),
  burst: fc.array(fc.record({ act: burstAct, gap: fc.nat({ max: 3 }) }), { minLength: 5, maxLength: 20 }),
  hand: fc.option(handAct, { freq: 2 }),
});

async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** What each follower's feed showed, fill by fill: the position as it moved and who moved it. */
class FollowerTape {
  readonly position = new Map<string, number>();
  readonly lastFillByHand = new Map<string, boolean>();
  readonly tradedByHand = new Set<string>();
  readonly violations: string[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly maxNet: Map<string, number>) {}

  onEvent(event: BrokerEvent): void {
    // A feed may deliver a fill twice (duplicated or replayed events): it moved the position once.
    if (event.kind !== 'fill' || this.seen.has(event.fillId)) return;
    this.seen.add(event.fillId);
    const key = `${event.accountExternalId}|${event.symbol}`;
    const before = this.position.get(key) ?? 0;
    const after = before + (event.side === 'buy' ? event.qty : -event.qty);
    this.position.set(key, after);
    const copy = event.clientOrderId?.startsWith('st.') ?? false;
    this.lastFillByHand.set(key, !copy);
    if (!copy) this.tradedByHand.add(key);
    const limit = this.maxNet.get(event.accountExternalId) ?? Infinity;
    if (copy && Math.abs(after) > limit && Math.abs(after) > Math.abs(before))
      this.violations.push(`${event.clientOrderId} took ${key} from ${before} to ${after} (max ${limit})`);
  }
}

async function runBurst(h: Harness, burst: Phase['burst']): Promise<void> {
  const started: Array<Promise<unknown>> = [];
  for (const { act, gap } of burst) {
    switch (act.kind) {
      case 'market':
        if (act.parts.length > 0)
          h.venue.faults.arm({ kind: 'partial-fills', parts: act.parts }, h.leaderExternalId);
        started.push(h.leaderOrder({ symbol: ES, side: act.side, qty: act.qty, type: 'Market' }));
        break;
      case 'flatten':
        started.push(h.trader.flatten(h.leaderExternalId));
        break;
      case 'auto-sync':
        started.push(h.engine.autoSync(USER));
        break;
      case 'leader-events':
        h.venue.faults.arm(act.fault, h.leaderExternalId);
        break;
      case 'follower-fault':
        h.venue.faults.arm(act.fault, h.directory.account(act.follower + 2).externalId);
        break;
    }
    await turns(gap);
  }
  await Promise.all(started);
  await h.settle();
}

/**
 * Every run ends with each fault kind at least once, so a broken exactly-once check fails every run, not
 * some: the engine dies right after a leader event's intent write and restarts; the leader's feed then
 * replays its past events (those of before the restart included) and duplicates the next ones, while the
 * followers' sends time out and lose their answers.
 */
const DRILL: Phase = {
  restart: 'crash',
  burst: [
    { act: { kind: 'follower-fault', follower: 0, fault: { kind: 'drop-after-send' } }, gap: 0 },
    { act: { kind: 'follower-fault', follower: 1, fault: { kind: 'timeout' } }, gap: 0 },
    { act: { kind: 'market', side: 'buy', qty: 1, parts: [] }, gap: 1 },
    { act: { kind: 'leader-events', fault: { kind: 'replay-events', count: 40 } }, gap: 0 },
    { act: { kind: 'market', side: 'sell', qty: 2, parts: [1] }, gap: 0 },
    { act: { kind: 'leader-events', fault: { kind: 'duplicate-events' } }, gap: 0 },
    { act: { kind: 'market', side: 'buy', qty: 3, parts: [1, 1] }, gap: 2 },
    { act: { kind: 'auto-sync' }, gap: 0 },
  ],
  hand: null,
};

/** The engine restarts; the corrections it sends as it starts (for what it never sent) are its due. */
async function restart(h: Harness, how: Phase['restart']): Promise<void> {
  if (how === 'none') return;
  if (how === 'crash') {
    h.store.crashAfterNextClaim = true;
    await h.leaderTrades('buy', 1);
    h.store.crashAfterNextClaim = false;
  }
  await h.restart();
  await h.settle();
}

async function runHand(h: Harness, act: HandAct): Promise<void> {
  const account = h.directory.account(act.follower + 2);
  const symbol = account.cross ? crossSymbol(ES) : ES;
  const hand = await h.hand(account.id);
  // Faults are the broker's answers to the engine; a person's own order is not the one they were armed for.
  h.venue.faults.clear();
  if (act.kind === 'flatten') await hand.flatten(account.externalId);
  else
    await hand.placeOrder({
      accountExternalId: account.externalId,
      clientOrderId: `hand-${h.venue.received.length}`,
      symbol,
      side: act.side,
      qty: act.qty,
      type: 'Market',
    });
  await h.settle();
}

describe('copy engine under a fast leader', () => {
  it(`when the leader trades in bursts with orders and fills in flight at once, while auto-sync runs and people trade by hand on followers, then every follower ends at leader × ratio with no correction order, no client order id twice, no limit passed and never opposite its target by a copy (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        // The first follower's ratio always makes halves (0.5, 1.5): rounding is checked in every run.
        fc.tuple(
          fc.record({ ...followerSetupFields, ratio: fc.constantFrom(0.5, 1.5) }),
          followerSetup,
          followerSetup,
        ),
        fc.array(phase, { minLength: 1, maxLength: 4 }),
        async (followers, phases) => {
          const h = new Harness(followers);
          await h.start();
          const maxNet = new Map(
            FOLLOWERS.map((id) => {
              const account = h.directory.account(id);
              return [account.externalId, account.risk.maxNetPosition] as const;
            }),
          );
          const tape = new FollowerTape(maxNet);
          const off = h.venue.hub.listen([...maxNet.keys()], (event) => tape.onEvent(event));
          const expected = (id: number): number => {
            const account = h.directory.account(id);
            return expectedFollowerPosition(
              h.position(LEADER, ES),
              account.ratio,
              account.risk.maxNetPosition,
            );
          };
          const symbolOf = (id: number): string => (h.directory.account(id).cross ? crossSymbol(ES) : ES);
          try {
            // Corrections the engine owes as it starts again (intents it wrote and never sent).
            const owed = new Set<string>();
            const syncOrders = (): string[] =>
              h.venue.received.map((c) => c.clientOrderId).filter((id) => id.startsWith('st.s'));
            for (const { restart: how, burst, hand } of [...phases, DRILL]) {
              await restart(h, how);
              for (const id of syncOrders()) owed.add(id);
              await runBurst(h, burst);
              if (hand !== null) await runHand(h, hand);
              // A copy never leaves a follower opposite its target: only a person's own trade may.
              for (const id of FOLLOWERS) {
                const held = h.position(id, symbolOf(id));
                const target = expected(id);
                if (held * target < 0) {
                  const key = `${h.directory.account(id).externalId}|${symbolOf(id)}`;
                  expect({ id, held, target, lastFillByHand: tape.lastFillByHand.get(key) }).toEqual({
                    id,
                    held,
                    target,
                    lastFillByHand: true,
                  });
                }
              }
            }
            h.venue.faults.clear();
            await h.engine.autoSync(USER);
            await h.settle();
            const sent = (): string[] =>
              h.venue.received.map((command) => command.clientOrderId).filter((id) => id !== '');
            // Nothing needed a correction (every leader fill had its copy and nothing else was sent), but for
            // a follower where the broker never told the outcome of a send (timeouts on every attempt).
            const unknown = new Set(
              [...h.store.intents.values()]
                .filter((intent) => intent.outcome?.reason?.startsWith('Outcome unknown') === true)
                .map((intent) => intent.accountId),
            );
            // Nor for a follower traded by hand with auto-sync on: the leader's next entry takes its contract back
            // and auto-sync corrects it when the entry's own copy cannot (a follower ahead of a capped target).
            const handBack = (accountId: number): boolean => {
              const account = h.directory.account(accountId);
              return (
                account.autoSync && tape.tradedByHand.has(`${account.externalId}|${symbolOf(accountId)}`)
              );
            };
            expect(
              syncOrders().filter((id) => {
                const accountId = Number(id.split('.')[2]);
                return !owed.has(id) && !unknown.has(accountId) && !handBack(accountId);
              }),
            ).toEqual([]);
            expect(tape.violations).toEqual([]);
            // Every follower holds leader × ratio, or was traded by hand and says so on the desk.
            for (const id of FOLLOWERS) {
              const key = `${h.directory.account(id).externalId}|${symbolOf(id)}`;
              const position = h.position(id, symbolOf(id));
              const offByHand = position !== expected(id) && tape.tradedByHand.has(key);
              expect({ id, position, state: h.engine.live.get(id)?.status.state }).toEqual({
                id,
                position: offByHand ? position : expected(id),
                state: offByHand ? 'out_of_sync' : 'ok',
              });
            }
            // Sync brings back what was traded by hand.
            await h.engine.sync(USER);
            await h.settle();
            for (const id of FOLLOWERS)
              expect({ id, position: h.position(id, symbolOf(id)) }).toEqual({ id, position: expected(id) });
            // Halves round away from zero, short as long: the leader goes short 1, then 3.
            for (const goal of [-1, -3]) {
              const qty = h.position(LEADER, ES) - goal;
              if (qty !== 0)
                await h.leaderOrder({
                  symbol: ES,
                  side: qty > 0 ? 'sell' : 'buy',
                  qty: Math.abs(qty),
                  type: 'Market',
                });
              await h.settle();
              for (const id of FOLLOWERS)
                expect({ id, leader: goal, position: h.position(id, symbolOf(id)) }).toEqual({
                  id,
                  leader: goal,
                  position: expected(id),
                });
            }
            const ids = sent();
            expect(ids.length - new Set(ids).size).toBe(0);
          } finally {
            off();
            await h.engine.stop();
          }
        },
      ),
      // Found by a 2,500-run pass: a sell copy held back by two timed-out sends was overtaken by the next
      // buy copy, which took a follower at its max net position of 2 to 3 until the sell landed.
      // Found with ratio 0.3: a copy lost in a crash (claimed, never sent) was closed unsent, but a follower with
      // auto-sync off was only corrected at the next auto-sync; the restart now corrects it at once.
      {
        numRuns: RUNS,
        examples: [JSON.parse(OVERTAKEN_EXIT), JSON.parse(LOST_IN_CRASH), JSON.parse(HAND_PAST_CAP)],
      },
    );
  }, 600_000);
});

const OVERTAKEN_EXIT = `[[{"ratio":0.5,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}},{"ratio":0.5,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}},{"ratio":0.5,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}}],[{"restart":"none","burst":[{"act":{"kind":"market","side":"buy","qty":5,"parts":[]},"gap":0},{"act":{"kind":"auto-sync"},"gap":0},{"act":{"kind":"market","side":"buy","qty":5,"parts":[]},"gap":0},{"act":{"kind":"market","side":"sell","qty":2,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":1,"parts":[]},"gap":0}],"hand":null},{"restart":"none","burst":[{"act":{"kind":"market","side":"sell","qty":4,"parts":[]},"gap":0},{"act":{"kind":"follower-fault","follower":0,"fault":{"kind":"timeout"}},"gap":0},{"act":{"kind":"follower-fault","follower":0,"fault":{"kind":"timeout"}},"gap":0},{"act":{"kind":"market","side":"sell","qty":3,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":1,"parts":[]},"gap":0},{"act":{"kind":"leader-events","fault":{"kind":"duplicate-events"}},"gap":0}],"hand":null}]]`;

const LOST_IN_CRASH = `[[{"ratio":0.5,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}},{"ratio":0.3,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}},{"ratio":0.3,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}}],[{"restart":"none","burst":[{"act":{"kind":"market","side":"sell","qty":3,"parts":[]},"gap":0},{"act":{"kind":"auto-sync"},"gap":0},{"act":{"kind":"leader-events","fault":{"kind":"duplicate-events"}},"gap":0},{"act":{"kind":"follower-fault","follower":0,"fault":{"kind":"timeout"}},"gap":0},{"act":{"kind":"auto-sync"},"gap":0},{"act":{"kind":"market","side":"buy","qty":1,"parts":[]},"gap":0}],"hand":null}]]`;

// A follower at ratio 0.3 capped at its max net position, bought past it by hand, the leader entering further.
const HAND_PAST_CAP = `[[{"ratio":0.5,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}},{"ratio":0.3,"cross":false,"autoSync":false,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}},{"ratio":0.3,"cross":false,"autoSync":true,"risk":{"maxContractsPerOrder":1,"maxNetPosition":2,"dailyLossLimit":0}}],[{"restart":"none","burst":[{"act":{"kind":"market","side":"buy","qty":1,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":3,"parts":[]},"gap":0},{"act":{"kind":"auto-sync"},"gap":0},{"act":{"kind":"market","side":"buy","qty":3,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":3,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":1,"parts":[]},"gap":0}],"hand":null},{"restart":"none","burst":[{"act":{"kind":"market","side":"buy","qty":2,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":2,"parts":[]},"gap":0},{"act":{"kind":"auto-sync"},"gap":0},{"act":{"kind":"auto-sync"},"gap":0},{"act":{"kind":"market","side":"sell","qty":1,"parts":[]},"gap":0},{"act":{"kind":"market","side":"buy","qty":1,"parts":[]},"gap":0}],"hand":{"kind":"order","follower":2,"side":"buy","qty":1}}]]`;
