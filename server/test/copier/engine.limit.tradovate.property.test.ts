import fc from 'fast-check';
import { AUTO_SYNC_MS } from '../../src/copier/engine/engine';
import { expectedFollowerPosition } from '../support/expected-position';
import { startEngine, until } from '../tradovate/support/engine-world';
import { performLeaderAction, SYMBOL, type LeaderAction } from '../tradovate/support/leader-actions';
import { startWorld, sleep } from '../tradovate/support/world';
import { LimitWatch } from './support/limit-watch';

/**
 * Converge, don't replay, through the Tradovate adapter under Tradovate's real per-user limit, enforced by the fake
 * as Tradovate counts it (80 requests in any rolling minute, 5,000 in any hour; past it a penalty ticket, then the
 * 429 lockout): a leader placing 10 to 20 orders a second for two to five seconds (market orders
 * filled in parts, resting limits, cancels, marketable limits) with four followers on one Tradovate login, while
 * reconciliation runs. Positions are sampled at the fake continuously (see `LimitWatch`). Real time, so the runs
 * are few: `LIMIT_PROPERTY_RUNS`.
 */
const RUNS = Number(process.env.LIMIT_PROPERTY_RUNS ?? 1);
const PER_MINUTE = 80;
const COPY_SETTLE_MS = 1_500;
/**
 * The engine spends a login's minute as 20 requests at once and then 52 a minute (a quarter at once, a tenth left
 * for the adapter's reads: `budget.ts`). One round of the login's four followers is at most two orders each (the
 * part that closes, the part that opens): 8 requests at 52 a minute, 9.3 s.
 */
const PACED_PER_MINUTE = 52;
const ROUND_MS = Math.ceil((4 * 2 * 60_000) / PACED_PER_MINUTE);
/**
 * After the leader stops: the round under way (its orders may have been planned just before the leader's last
 * fills), then one auto-sync interval (5 s) for a follower whose last copy was superseded while the leader still
 * moved, the check's settle wait (1.5 s) and the check's own round, plus 2 s for the loaded machine: 27.0 s.
 * (Spending the whole minute at once, it was 69.5 s: a burst could take the rolling minute for copies of itself
 * and leave the followers waiting it out.)
 */
const CONVERGE_BOUND_MS = 2 * ROUND_MS + AUTO_SYNC_MS + COPY_SETTLE_MS + 2_000;
/**
 * A follower on the wrong side: the round under way and the next one (a check may replace its waiting order with
 * one planned later), a check's settle wait and the machine's load: 22.0 s.
 */
const LAG_MS = 2 * ROUND_MS + COPY_SETTLE_MS + 2_000;
/** What an order reaching the fake was decided on: a reading at most this old. */
const IN_FLIGHT_MS = 1_000;

type Act = LeaderAction | { kind: 'auto-sync' } | { kind: 'marketable'; side: 'buy' | 'sell'; qty: number };

const act: fc.Arbitrary<Act> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      qty: fc.integer({ min: 1, max: 4 }),
      parts: fc.array(fc.integer({ min: 1, max: 2 }), { maxLength: 2 }),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('working' as const),
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      qty: fc.integer({ min: 1, max: 2 }),
      offset: fc.integer({ min: 4, max: 8 }),
      type: fc.constant('Limit' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('marketable' as const),
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'auto-sync' as const }), weight: 1 },
);

/** Orders a second and the acts of one burst. */
const burst = fc.record({
  perSecond: fc.integer({ min: 10, max: 20 }),
  // Past the login's first 80 requests within the burst (four followers: 20 leader orders or more).
  acts: fc.array(act, { minLength: 25, maxLength: 50 }),
});

const ratioOf = fc.constantFrom(0.5, 1, 2, 3);

describe("copy engine under Tradovate's real request limit (property)", () => {
  it(
    `when a leader bursts 10-20 orders a second with four followers on one login at 80 requests a minute, while reconciliation runs, then no follower is ever past what one order explains on the wrong side, no order moves a follower away from leader × ratio, no client order id goes twice, and all reach leader × ratio within ${CONVERGE_BOUND_MS} ms of the leader's last order (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(ratioOf, { minLength: 4, maxLength: 4 }), burst, async (ratios, plan) => {
          const world = await startWorld({
            env: { TRADOVATE_REQUESTS_PER_MINUTE: String(PER_MINUTE) },
            fake: { limits: 'real' },
            followerAccounts: ['FOLLOW-1', 'FOLLOW-2', 'FOLLOW-3', 'FOLLOW-4'],
          });
          const { control } = world.fake;
          const ids = world.follower.accountIds;
          const { engine } = await startEngine(world, ids);
          ids.forEach((_, index) => {
            const account = engine.accounts.get(index + 2);
            if (account !== undefined) account.ratio = ratios[index] ?? 1;
          });
          const ratioByExternal = new Map(ids.map((id, index) => [id, ratios[index] ?? 1]));
          const watch = new LimitWatch(
            {
              leader: () => control.netPosition(world.leader.accountId, SYMBOL),
              follower: (id) => control.netPosition(id, SYMBOL),
            },
            ratioByExternal,
            LAG_MS,
            IN_FLIGHT_MS,
          );
          const stopListening = control.onRequest((record) => {
            if (record.endpoint !== 'order/placeorder' || record.userId !== world.follower.userId) return;
            const body = record.body as {
              accountId?: number;
              action?: string;
              orderQty?: number;
              orderType?: string;
            };
            if (body.orderType !== 'Market' || body.accountId === undefined) return;
            watch.onOrder(body.accountId, (body.action === 'Buy' ? 1 : -1) * (body.orderQty ?? 0));
          });
          try {
            await until(() => engine.sessions.size === 2, 5_000, 'both sessions');
            watch.start();
            const gap = Math.round(1_000 / plan.perSecond);
            for (const step of plan.acts) {
              if (step.kind === 'auto-sync') void engine.autoSync(1);
              else if (step.kind === 'marketable') {
                const price = control.priceOf(SYMBOL);
                control.placeHumanOrder({
                  accountId: world.leader.accountId,
                  symbol: SYMBOL,
                  action: step.side === 'buy' ? 'Buy' : 'Sell',
                  qty: step.qty,
                  orderType: 'Limit',
                  price: step.side === 'buy' ? price + 1 : price - 1,
                });
              } else performLeaderAction(control, world.leader.accountId, step);
              await sleep(gap);
            }
            const stoppedAt = Date.now();
            const leader = (): number => control.netPosition(world.leader.accountId, SYMBOL);
            const offTarget = (): string[] =>
              ids
                .map((id) => ({
                  id,
                  held: control.netPosition(id, SYMBOL),
                  ratio: ratioByExternal.get(id) ?? 1,
                }))
                .filter(({ held, ratio }) => held !== expectedFollowerPosition(leader(), ratio, 100))
                .map(({ id, held, ratio }) => `${id}: ${held} for leader ${leader()} × ${ratio}`);
            await until(
              () => offTarget().length === 0,
              CONVERGE_BOUND_MS + 5_000,
              'followers at leader × ratio',
            ).catch(() => undefined);
            const convergedMs = Date.now() - stoppedAt;
            watch.stop();
            expect(offTarget()).toEqual([]);
            expect(convergedMs).toBeLessThanOrEqual(CONVERGE_BOUND_MS);
            expect(watch.violations).toEqual([]);
            const clientIds = control
              .orders()
              .map((order) => order.clOrdId)
              .filter((id): id is string => id !== null);
            expect(clientIds.length).toBe(new Set(clientIds).size);
            // Tradovate's limit was never provoked: no penalty ticket, no lockout, for either login.
            expect(control.userRefusals(world.follower.userId)).toEqual({ tickets: 0, lockouts: 0 });
            expect(control.userRefusals(world.leader.userId)).toEqual({ tickets: 0, lockouts: 0 });
            // And the followers' login never had more than 80 requests in any rolling minute, as the fake counts.
            const times = control
              .requests()
              .filter((r) => r.userId === world.follower.userId)
              .map((r) => r.at);
            const over = times.filter((first, i) => {
              const last = times[i + PER_MINUTE];
              return last !== undefined && last - first < 60_000;
            });
            expect(over).toEqual([]);
          } finally {
            watch.stop();
            stopListening();
            await engine.stop();
            await world.close();
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    RUNS * 150_000,
  );
});
