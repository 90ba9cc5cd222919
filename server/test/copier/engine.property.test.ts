import fc from 'fast-check';
import type { PaperFault } from '../../src/brokers/paper/faults';
import { crossSymbol, frontMonth } from '@synctrade/market';
import { expectedFollowerPosition } from '../support/expected-position';
import { followerSetup as follower } from './support/follower-setups';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');
const RUNS = Number(process.env.COPIER_PROPERTY_RUNS ?? 1000);

type Action =
  | { kind: 'market'; side: 'buy' | 'sell'; qty: number; parts: number[] }
  | { kind: 'limit'; side: 'buy' | 'sell'; qty: number; offset: number; stop: boolean }
  | { kind: 'modify'; pick: number; qty: number; offset: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'move'; ticks: number }
  | { kind: 'follower-fault'; follower: number; fault: PaperFault }
  | { kind: 'leader-events'; fault: PaperFault }
  | { kind: 'toggle'; follower: number }
  | { kind: 'restart'; crashAfterIntentWrite: boolean }
  | { kind: 'flatten' };

const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      qty: fc.integer({ min: 1, max: 4 }),
      parts: fc.array(fc.integer({ min: 1, max: 2 }), { maxLength: 2 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      qty: fc.integer({ min: 1, max: 3 }),
      offset: fc.integer({ min: 1, max: 12 }),
      stop: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      pick: fc.nat(),
      qty: fc.integer({ min: 1, max: 3 }),
      offset: fc.integer({ min: 1, max: 12 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('move' as const), ticks: fc.integer({ min: -16, max: 16 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('follower-fault' as const),
      follower: fc.nat({ max: 3 }),
      fault: fc.constantFrom<PaperFault>(
        { kind: 'reject' },
        { kind: 'timeout' },
        { kind: 'drop-after-send' },
        { kind: 'duplicate-events' },
        { kind: 'replay-events', count: 4 },
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('leader-events' as const),
      fault: fc.constantFrom<PaperFault>({ kind: 'duplicate-events' }, { kind: 'replay-events', count: 6 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('toggle' as const), follower: fc.nat({ max: 3 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('restart' as const), crashAfterIntentWrite: fc.boolean() }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'flatten' as const }), weight: 1 },
);

/** Follower ids 2..5; the fourth is always disabled (account switched off): it must never receive an order. */
const DISABLED = 5;

async function run(
  h: Harness,
  actions: Action[],
  disabledAt: Map<string, Array<[number, number]>>,
): Promise<void> {
  const esTick = 0.25;
  const leaderWorking = (): string[] => h.venue.workingOrders([h.leaderExternalId]).map((o) => o.orderId);
  for (const step of actions) {
    const price = h.venue.prices.price('ES');
    switch (step.kind) {
      case 'market':
        if (step.parts.length > 0)
          h.venue.faults.arm({ kind: 'partial-fills', parts: step.parts }, h.leaderExternalId);
        await h.leaderOrder({ symbol: ES, side: step.side, qty: step.qty, type: 'Market' });
        break;
      case 'limit': {
        // Rest away from the market: buy limits below, sell limits above; stops the other way round.
        const away = (step.side === 'buy') !== step.stop ? -step.offset : step.offset;
        const level = price + away * esTick;
        await h.leaderOrder(
          step.stop
            ? { symbol: ES, side: step.side, qty: step.qty, type: 'Stop', stopPrice: level }
            : { symbol: ES, side: step.side, qty: step.qty, type: 'Limit', price: level },
        );
        break;
      }
      case 'modify': {
        const ids = leaderWorking();
        const id = ids[step.pick % Math.max(1, ids.length)];
        const order = h.venue.workingOrders([h.leaderExternalId]).find((o) => o.orderId === id);
        if (order === undefined) break;
        const away = (order.side === 'buy') !== (order.type === 'Stop') ? -step.offset : step.offset;
        const level = price + away * esTick;
        await h.trader
          .modifyOrder({
            accountExternalId: h.leaderExternalId,
            orderId: order.orderId,
            qty: step.qty,
            type: order.type,
            ...(order.type === 'Stop' ? { stopPrice: level } : { price: level }),
          })
          .catch(() => undefined);
        break;
      }
      case 'cancel': {
        const ids = leaderWorking();
        const id = ids[step.pick % Math.max(1, ids.length)];
        if (id !== undefined) await h.trader.cancelOrder(h.leaderExternalId, id).catch(() => undefined);
        break;
      }
      case 'move':
        h.venue.setPrice(ES, Math.max(100, price + step.ticks * esTick));
        break;
      case 'follower-fault':
        h.venue.faults.arm(step.fault, h.directory.account(step.follower + 2).externalId);
        break;
      case 'leader-events':
        h.venue.faults.arm(step.fault, h.leaderExternalId);
        break;
      case 'toggle': {
        const id = step.follower + 2;
        if (id === DISABLED) break;
        const account = h.directory.account(id);
        account.isFollower = !account.isFollower;
        const windows = disabledAt.get(account.externalId) ?? [];
        if (!account.isFollower) windows.push([h.venue.received.length, Number.MAX_SAFE_INTEGER]);
        else {
          const last = windows[windows.length - 1];
          if (last !== undefined) last[1] = h.venue.received.length;
        }
        disabledAt.set(account.externalId, windows);
        await h.engine.refreshUser(1);
        break;
      }
      case 'restart':
        if (step.crashAfterIntentWrite) {
          h.store.crashAfterNextClaim = true;
          await h.leaderTrades('buy', 1);
          h.store.crashAfterNextClaim = false;
        }
        await h.restart();
        break;
      case 'flatten':
        await h.trader.flatten(h.leaderExternalId);
        break;
    }
    await h.settle();
    for (let id = 2; id <= 4; id += 1) {
      const account = h.directory.account(id);
      const held = h.position(id, account.cross ? crossSymbol(ES) : ES);
      expect(Math.abs(held)).toBeLessThanOrEqual(account.risk.maxNetPosition);
    }
  }
}

describe('copy engine properties', () => {
  it(`when random leader activity meets random broker faults and restarts, then no follower order is sent twice, none goes to a disabled follower or past a limit, and after reconciliation every follower holds leader × ratio (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(follower, { minLength: 3, maxLength: 3 }),
        fc.array(action, { minLength: 1, maxLength: 14 }),
        async (followers, actions) => {
          const h = new Harness([...followers, { ratio: 1, enabled: false }]);
          await h.start();
          const disabledAt = new Map<string, Array<[number, number]>>([
            [h.directory.account(DISABLED).externalId, [[0, Number.MAX_SAFE_INTEGER]]],
          ]);
          await run(h, actions, disabledAt);
          h.venue.faults.clear();
          await h.engine.sync(1);
          await h.settle();

          const copies = h.venue.received
            .map((command, index) => ({ command, index }))
            .filter(({ command }) => command.clientOrderId.startsWith('st.'));
          const ids = copies.map(({ command }) => command.clientOrderId);
          expect(new Set(ids).size).toBe(ids.length);
          for (const { command, index } of copies) {
            const windows = disabledAt.get(command.accountExternalId) ?? [];
            expect(windows.some(([from, to]) => index >= from && index < to)).toBe(false);
            const account = h.directory.accounts.find((a) => a.externalId === command.accountExternalId);
            expect(command.qty).toBeLessThanOrEqual(account?.risk.maxContractsPerOrder ?? 0);
          }
          const leaderPosition = h.position(LEADER, ES);
          for (let id = 2; id <= 4; id += 1) {
            const account = h.directory.account(id);
            const symbol = account.cross ? crossSymbol(ES) : ES;
            if (account.isFollower)
              expect({ id, position: h.position(id, symbol) }).toEqual({
                id,
                position: expectedFollowerPosition(
                  leaderPosition,
                  account.ratio,
                  account.risk.maxNetPosition,
                ),
              });
          }
          await h.engine.stop();
        },
      ),
      { numRuns: RUNS },
    );
    // A thousand runs take about 15 s on one core; leave room for a busy CI machine.
  }, 300_000);
});
