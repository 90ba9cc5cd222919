import fc from 'fast-check';
import { PaperVenue } from '../../src/brokers/paper/venue';
import type { BrokerOrder } from '../../src/brokers/types';
import '../support/property-seed';

/**
 * A paper bracket on random price paths, with random partial fills of its legs and random exits by hand: a
 * bracket never ends with both legs filled, and no leg stays live once the position is flat (nor outgrows it).
 */
const TICK = 0.25;

const step = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), ticks: fc.integer({ min: -12, max: 12 }) }),
  fc.record({ kind: fc.constant('split' as const), part: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('exit' as const), qty: fc.integer({ min: 1, max: 2 }) }),
);

/** The hub delivers on a later microtask, as a socket would: lets everything queued so far arrive. */
const delivered = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('paper bracket on random price paths', () => {
  it('when prices wander, legs fill in parts and the trader exits by hand, then never both legs filled and no leg outlives the position', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(step, { minLength: 1, maxLength: 60 }),
        async (side, qty, stopTicks, targetTicks, steps) => {
          const venue = new PaperVenue({ seed: 1, tickMs: null });
          const account = venue.ensureAccounts('900', 1)[0]?.externalId ?? '';
          const last = new Map<string, BrokerOrder>();
          venue.hub.listen([account], (event) => {
            if (event.kind === 'order') last.set(event.order.orderId, event.order);
          });
          let price = 6000;
          venue.setPrice('ESZ6', price);
          const sign = side === 'buy' ? 1 : -1;
          venue.place({
            accountExternalId: account,
            clientOrderId: 'entry',
            symbol: 'ESZ6',
            side,
            qty,
            type: 'Market',
            bracket: {
              stopLoss: price - sign * stopTicks * TICK,
              takeProfit: price + sign * targetTicks * TICK,
            },
          });
          const legIds = venue.workingOrders([account]).map((leg) => leg.orderId);
          expect(legIds).toHaveLength(2);
          for (const next of steps) {
            const held = venue.positions([account])[0]?.netPos ?? 0;
            if (next.kind === 'move') {
              price = Math.max(TICK, price + next.ticks * TICK);
              venue.setPrice('ESZ6', price);
            } else if (next.kind === 'split') {
              venue.faults.arm({ kind: 'partial-fills', parts: [next.part] }, account);
            } else if (held !== 0) {
              venue.place({
                accountExternalId: account,
                clientOrderId: '',
                symbol: 'ESZ6',
                side: held > 0 ? 'sell' : 'buy',
                qty: Math.min(next.qty, Math.abs(held)),
                type: 'Market',
              });
            }
            const netPos = venue.positions([account])[0]?.netPos ?? 0;
            const live = venue.workingOrders([account]).filter((o) => legIds.includes(o.orderId));
            // Flat: no leg live. Held: no leg bigger than what it protects, and never past flat.
            if (netPos === 0) expect(live).toEqual([]);
            for (const leg of live) expect(leg.qty - leg.filledQty).toBeLessThanOrEqual(Math.abs(netPos));
            expect(netPos * sign).toBeGreaterThanOrEqual(0);
          }
          await delivered();
          const statuses = legIds.map((id) => last.get(id)?.status);
          expect(statuses.filter((status) => status === 'Filled').length).toBeLessThanOrEqual(1);
          const legFills = legIds.reduce((sum, id) => sum + (last.get(id)?.filledQty ?? 0), 0);
          expect(legFills).toBeLessThanOrEqual(qty);
          venue.stop();
        },
      ),
      { numRuns: 200 },
    );
  });
});
