import fc from 'fast-check';
import { EngineGuard, FirmRuleGuard } from '../../src/propfirm/engine-port';
import { Harness, LEADER } from '../copier/support/harness';
import { MemorySource, rulesOf } from './support/memory-source';

const RUNS = Number(process.env.PROPFIRM_PROPERTY_RUNS ?? 25);
const NQ = 'NQH7';
const MNQ = 'MNQH7';
// Hand-worked clock phases on 2027-03-17 (New York UTC−4, Chicago UTC−5): trading, Topstep's flat-by window
// (15:07 Chicago = 20:07Z), the FOMC blackout (14:00 New York = 18:00Z, ±1 min), and after the reopen.
const PHASES = {
  open: Date.parse('2027-03-17T15:00:00Z'),
  flatBy: Date.parse('2027-03-17T20:07:30Z'),
  blackout: Date.parse('2027-03-17T18:00:30Z'),
  reopened: Date.parse('2027-03-17T22:30:00Z'),
} as const;
type Phase = keyof typeof PHASES;

type Action =
  | { kind: 'market'; side: 'buy' | 'sell'; qty: number }
  | { kind: 'clock'; phase: Phase }
  | { kind: 'move'; points: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      qty: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      phase: fc.constantFrom<Phase>('open', 'flatBy', 'blackout', 'reopened'),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('move' as const), points: fc.integer({ min: -20, max: 20 }) }),
    weight: 1,
  },
);

/** leader × ratio, halves away from zero (the engine's rule as documented, not read from its code). */
function target(leader: number, ratio: number): number {
  return Math.sign(leader) * Math.round(Math.abs(leader) * ratio);
}

describe('the copy engine under firm rules (property)', () => {
  it('never sends an entry past the max contracts or inside a flat-by or news window, and never holds back an exit there', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(1, 2),
        fc.array(action, { minLength: 5, maxLength: 18 }),
        async (minis, ratio, actions) => {
          const rules = rulesOf('topstep-combine-50k');
          rules.maxContracts.minis = minis;
          rules.drawdown.enabled = false;
          rules.dailyLoss.enabled = false;
          rules.consistency.enabled = false;
          rules.hedging.enabled = false;
          rules.news = { enabled: true, minutesBefore: 1, minutesAfter: 1, kinds: ['FOMC'] };
          // Follower 2 copies NQ, follower 3 copies it as MNQ (Cross): 10 MNQ count as one NQ.
          const source = new MemorySource(
            new Map([
              [2, rules],
              [3, rules],
            ]),
            PHASES.open,
          );
          const h = new Harness(
            [{ ratio }, { ratio, cross: true }],
            undefined,
            {},
            new FirmRuleGuard(new EngineGuard(source)),
          );
          await h.start();
          let phase: Phase = 'open';
          try {
            for (const step of actions) {
              const before = {
                leader: h.position(LEADER, NQ),
                f2: h.position(2, NQ),
                f3: h.position(3, MNQ),
              };
              const sentBefore = h.venue.received.length;
              if (step.kind === 'clock') {
                phase = step.phase;
                source.time = PHASES[phase];
                continue;
              }
              if (step.kind === 'move') {
                const price =
                  h.venue.quotes().find((quote) => quote.symbol.startsWith('NQ'))?.price ?? 21_000;
                h.venue.setPrice(NQ, price + step.points);
              } else await h.leaderOrder({ symbol: NQ, side: step.side, qty: step.qty, type: 'Market' });
              await h.settle();
              const after = { leader: h.position(LEADER, NQ), f2: h.position(2, NQ), f3: h.position(3, MNQ) };
              // Max contracts, micros counted by the firm's 10 to 1.
              expect(Math.abs(after.f2)).toBeLessThanOrEqual(minis);
              expect(Math.abs(after.f3)).toBeLessThanOrEqual(minis * 10);
              if (phase !== 'flatBy' && phase !== 'blackout') continue;
              // Inside a window: every copy sent reduces what the follower held.
              const held = new Map([
                [h.directory.account(2).externalId, before.f2],
                [h.directory.account(3).externalId, before.f3],
              ]);
              for (const order of h.venue.received.slice(sentBefore)) {
                const was = held.get(order.accountExternalId);
                if (was === undefined || !order.clientOrderId.startsWith('st.')) continue;
                const now = was + (order.side === 'buy' ? order.qty : -order.qty);
                expect(Math.abs(now) < Math.abs(was) && Math.sign(now) !== -Math.sign(was)).toBe(true);
                held.set(order.accountExternalId, now);
              }
              // A leader exit is followed at least as far as leader × ratio: windows never hold an exit back.
              const exits =
                Math.abs(after.leader) < Math.abs(before.leader) &&
                Math.sign(after.leader) !== -Math.sign(before.leader);
              if (exits && step.kind === 'market') {
                const goal = Math.abs(target(after.leader, ratio));
                expect(Math.abs(after.f2)).toBeLessThanOrEqual(Math.min(Math.abs(before.f2), goal));
                const goal3 = Math.abs(target(after.leader, ratio * 10));
                expect(Math.abs(after.f3)).toBeLessThanOrEqual(Math.min(Math.abs(before.f3), goal3));
              }
            }
          } finally {
            await h.engine.stop();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
