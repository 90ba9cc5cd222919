import fc from 'fast-check';
import { createProjectXAdapter } from '../../src/brokers/projectx/index';
import { CopyEngine } from '../../src/copier/engine/engine';
import { MemoryCopyStore } from '../../src/copier/engine/memory-store';
import { MemoryDirectory } from '../../src/copier/engine/memory-directory';
import { AUTO_SYNC_MS } from '../../src/copier/engine/engine';
import { DEFAULT_RISK } from '../../src/copier/engine/types';
import { ES_ID, testTimings, until } from '../projectx/support/px-world';
import { startFakeProjectX } from '../../fakes/projectx/server';
import { OrderType } from '../../fakes/projectx/model';
import { expectedFollowerPosition } from '../support/expected-position';
import { LimitWatch } from './support/limit-watch';
import { fakeHosts } from '../projectx/support/fake-hosts';

/**
 * Converge, don't replay, through the ProjectX adapter under the gateway's real limit (200 requests per 60 s per
 * user, the fake's sliding window; the engine spends at most 150 a minute of it): a leader placing 10 to 20 orders a
 * second for two to five seconds (market orders, resting limits, cancels, marketable limits) with four followers
 * on one ProjectX login, while reconciliation runs, positions sampled at the fake. Real time: `LIMIT_PROPERTY_RUNS`.
 */
const RUNS = Number(process.env.LIMIT_PROPERTY_RUNS ?? 1);
const FOLLOWERS = 4;
const COPY_SETTLE_MS = 1_500;
/**
 * The engine spends a login's 150 a minute as 37 at once and then 98 a minute (a quarter at once, a tenth left for
 * the adapter's reads: `budget.ts`), so the gateway's sliding window of 200 never fills. One round of the four
 * followers is at most two orders each (the part that closes, the part that opens): 8 requests at 98 a minute, 4.9 s.
 * After the leader stops: the round under way, one auto-sync interval (a follower whose last copy was superseded
 * while the leader still moved), the check's settle wait and its own round, and 2 s for the loaded machine: 18.3 s.
 */
const PACED_PER_MINUTE = 98;
const ROUND_MS = Math.ceil((FOLLOWERS * 2 * 60_000) / PACED_PER_MINUTE);
const CONVERGE_BOUND_MS = 2 * ROUND_MS + AUTO_SYNC_MS + COPY_SETTLE_MS + 2_000;
/** A follower on the wrong side: the round under way and the next, a check's settle wait and the machine's load. */
const LAG_MS = 2 * ROUND_MS + COPY_SETTLE_MS + 2_000;
const IN_FLIGHT_MS = 1_000;

type Act =
  | { kind: 'market'; side: 'buy' | 'sell'; qty: number }
  | { kind: 'limit'; side: 'buy' | 'sell'; qty: number; offset: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'marketable'; side: 'buy' | 'sell'; qty: number }
  | { kind: 'auto-sync' };

const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const act: fc.Arbitrary<Act> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('market' as const), side, qty: fc.integer({ min: 1, max: 4 }) }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      qty: fc.integer({ min: 1, max: 2 }),
      offset: fc.integer({ min: 4, max: 8 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('marketable' as const),
      side,
      qty: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'auto-sync' as const }), weight: 1 },
);
const burst = fc.record({
  perSecond: fc.integer({ min: 15, max: 20 }),
  // With the budget spent first, past the engine's 150 requests and the gateway's 200 within the window.
  acts: fc.array(act, { minLength: 30, maxLength: 50 }),
});
const ratioOf = fc.constantFrom(0.5, 1, 2, 3);

const LEADER = 100;
const FOLLOWER_IDS = [201, 202, 203, 204];

describe("copy engine under ProjectX's real request limit (property)", () => {
  it(`when a leader bursts 15-20 orders a second with four followers on one login under the gateway's 200 per 60 s, while reconciliation runs, then no follower is ever past what one order explains on the wrong side, no order moves a follower away from leader × ratio, no client order id goes twice, no 429 is provoked, and all reach leader × ratio within ${CONVERGE_BOUND_MS} ms of the leader's last order (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ratioOf, { minLength: 4, maxLength: 4 }), burst, async (ratios, plan) => {
        const fake = await startFakeProjectX({ pingMs: 100 });
        fake.addUser({ userName: 'lena', apiKey: 'key-l' });
        fake.addUser({ userName: 'finn', apiKey: 'key-f' });
        fake.addAccount({ id: LEADER, userName: 'lena', maxContracts: 1000 });
        for (const id of FOLLOWER_IDS) fake.addAccount({ id, userName: 'finn', maxContracts: 1000 });
        fake.setPrice(ES_ID, 6000);
        const refused: number[] = [];
        const take = fake.rates.take.bind(fake.rates);
        // The gateway's answer: 0 when the request fits, else the seconds to wait (a 429 the engine provoked).
        fake.rates.take = (userName, path) => {
          const retryAfterSec = take(userName, path);
          if (retryAfterSec > 0) refused.push(Date.now());
          return retryAfterSec;
        };
        const adapter = createProjectXAdapter({ timings: testTimings, hosts: fakeHosts(fake) });
        const directory = new MemoryDirectory(adapter);
        for (const [connectionId, userName, apiKey] of [
          [1, 'lena', 'key-l'],
          [2, 'finn', 'key-f'],
        ] as const) {
          const connected = await adapter.connectWithApiKey!({
            userName,
            apiKey,
            environment: 'demo',
            restUrl: fake.restUrl,
            hubUrl: fake.hubUrl,
          });
          directory.addConnection(connectionId, connected.credentials);
        }
        const base = { userId: 1, cross: false, autoSync: true, enabled: true, risk: { ...DEFAULT_RISK } };
        directory.accounts.push({
          ...base,
          id: 1,
          connectionId: 1,
          externalId: String(LEADER),
          name: 'LEADER',
          ratio: 1,
          isLeader: true,
          isFollower: false,
        });
        FOLLOWER_IDS.forEach((externalId, index) =>
          directory.accounts.push({
            ...base,
            id: index + 2,
            connectionId: 2,
            externalId: String(externalId),
            name: `FOLLOW-${index + 1}`,
            ratio: ratios[index] ?? 1,
            isLeader: false,
            isFollower: true,
          }),
        );
        const engine = new CopyEngine({
          directory,
          store: new MemoryCopyStore(),
          notifier: { notify: () => undefined },
          settings: { mirrorSettleMs: 100, sendRetries: 2, sessionRetryMs: 300 },
        });
        const ratioByExternal = new Map(FOLLOWER_IDS.map((id, index) => [id, ratios[index] ?? 1]));
        const watch = new LimitWatch(
          { leader: () => fake.venue.netOf(LEADER, ES_ID), follower: (id) => fake.venue.netOf(id, ES_ID) },
          ratioByExternal,
          LAG_MS,
          IN_FLIGHT_MS,
        );
        const place = fake.venue.place.bind(fake.venue);
        fake.venue.place = (body) => {
          if (body.accountId !== LEADER && body.type === OrderType.Market)
            watch.onOrder(body.accountId, (body.side === 0 ? 1 : -1) * body.size);
          return place(body);
        };
        try {
          await engine.start();
          await until(() => engine.sessions.size === 2, 'both sessions');
          // Watched from here: the orders of the spending below are checked against the leader's moves too (the
          // leader's history is sampled only while the watch runs).
          watch.start();
          // The login's budget is spent first (120 copies in a second and a half, the leader ending flat), as after a busy
          // minute: the burst then meets the limit from its first order.
          for (let i = 0; i < 30; i += 1) {
            fake.venue.place({
              accountId: LEADER,
              contractId: ES_ID,
              type: OrderType.Market,
              side: i % 2,
              size: 1,
            });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const gap = Math.round(1_000 / plan.perSecond);
          for (const step of plan.acts) {
            const price = fake.venue.price(ES_ID);
            const order = (type: number, sideOf: 'buy' | 'sell', qty: number, limitPrice?: number): void =>
              void fake.venue.place({
                accountId: LEADER,
                contractId: ES_ID,
                type,
                side: sideOf === 'buy' ? 0 : 1,
                size: qty,
                ...(limitPrice === undefined ? {} : { limitPrice }),
              });
            if (step.kind === 'auto-sync') void engine.autoSync(1);
            else if (step.kind === 'market') order(OrderType.Market, step.side, step.qty);
            else if (step.kind === 'limit')
              order(
                OrderType.Limit,
                step.side,
                step.qty,
                price + (step.side === 'buy' ? -1 : 1) * step.offset,
              );
            else if (step.kind === 'marketable')
              order(OrderType.Limit, step.side, step.qty, price + (step.side === 'buy' ? 1 : -1));
            else {
              const resting = fake.venue.liveOrders().filter((o) => o.accountId === LEADER);
              const chosen = resting[step.pick % Math.max(1, resting.length)];
              if (chosen !== undefined) fake.venue.cancel(LEADER, chosen.id);
            }
            await new Promise((resolve) => setTimeout(resolve, gap));
          }
          const stoppedAt = Date.now();
          const leader = (): number => fake.venue.netOf(LEADER, ES_ID);
          const offTarget = (): string[] =>
            FOLLOWER_IDS.map((id) => ({
              id,
              held: fake.venue.netOf(id, ES_ID),
              ratio: ratioByExternal.get(id) ?? 1,
            }))
              .filter(({ held, ratio }) => held !== expectedFollowerPosition(leader(), ratio, 100))
              .map(({ id, held, ratio }) => `${id}: ${held} for leader ${leader()} × ${ratio}`);
          const deadline = stoppedAt + CONVERGE_BOUND_MS + 5_000;
          while (offTarget().length > 0 && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 20));
          const convergedMs = Date.now() - stoppedAt;
          watch.stop();
          expect(offTarget()).toEqual([]);
          expect(convergedMs).toBeLessThanOrEqual(CONVERGE_BOUND_MS);
          expect(watch.violations).toEqual([]);
          const tags = fake.world.placed
            .filter((p) => p.orderId !== null && p.customTag !== null)
            .map((p) => `${p.accountId}:${p.customTag}`);
          expect(tags.length).toBe(new Set(tags).size);
          expect(refused).toEqual([]);
        } finally {
          watch.stop();
          await engine.stop();
          await fake.close();
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
