import fc from 'fast-check';
import type { Faults } from '../../fakes/tradovate/faults';
import { cancelSurely, placeExactlyOnce } from './support/exactly-once';
import { startWorld, type World } from './support/world';

type Fault = 'none' | 'http429' | 'penalty' | 'drop' | 'slow' | 'duplicate';
type Step =
  | { kind: 'place'; type: 'Market' | 'Limit'; side: 'buy' | 'sell'; qty: number; fault: Fault }
  | { kind: 'cancel'; pick: number; fault: Fault };

const RUNS = Number(process.env.TRADOVATE_PROPERTY_RUNS ?? 50);
const fault = fc.constantFrom<Fault>('none', 'none', 'http429', 'penalty', 'drop', 'slow', 'duplicate');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      type: fc.constantFrom<'Market' | 'Limit'>('Market', 'Limit'),
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      qty: fc.integer({ min: 1, max: 3 }),
      fault,
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), fault }), weight: 1 },
);

function arm(world: World, chosen: Fault, match: string): void {
  const once = { remaining: 1, match };
  const faults: Partial<Faults> = {
    http429: chosen === 'http429' ? once : null,
    penalty: chosen === 'penalty' ? { ...once, pTime: 0.05, captcha: false } : null,
    dropAfterAccept: chosen === 'drop' ? once : null,
    slow: chosen === 'slow' ? { ...once, ms: 350 } : null,
    duplicateEvents: chosen === 'duplicate',
  };
  world.fake.control.setFaults(faults);
}

describe('Tradovate orders under random faults (property)', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ timings: { requestTimeoutMs: 250, rateLimitLockoutMs: 40 } });
  });
  afterAll(() => world.close());

  it('when place and cancel sequences meet 429s, penalty tickets, dropped and slow answers and duplicated events, then the fake holds exactly one order per client id and every cancel lands', async () => {
    const { session } = await world.open(world.follower.userId);
    const account = String(world.follower.accountIds[1]);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        run += 1;
        const placed = new Map<string, string>();
        const canceled: string[] = [];
        for (const [index, current] of steps.entries()) {
          if (current.kind === 'place') {
            const clientOrderId = `prop-${run}-${index}`;
            arm(world, current.fault, 'placeorder');
            // Limits rest well away from the market so that there is something to cancel.
            const price = current.side === 'buy' ? 5900 : 6100;
            placed.set(
              clientOrderId,
              await placeExactlyOnce(session, {
                accountExternalId: account,
                clientOrderId,
                symbol: 'ESZ6',
                side: current.side,
                qty: current.qty,
                type: current.type,
                ...(current.type === 'Limit' ? { price } : {}),
              }),
            );
          } else {
            const working = world.fake.control
              .orders()
              .filter((o) => o.accountId === Number(account) && o.ordStatus === 'Working');
            const target = working[current.pick % Math.max(1, working.length)];
            if (!target) continue;
            arm(world, current.fault, 'cancelorder');
            await cancelSurely(session, account, String(target.id));
            canceled.push(String(target.id));
          }
        }
        world.fake.control.clearFaults();
        const atFake = world.fake.control.orders().filter((o) => o.clOrdId?.startsWith(`prop-${run}-`));
        // No duplicate and no missing order: one per client id, and it is the one the caller was told about.
        expect(atFake.map((o) => o.clOrdId).sort()).toEqual([...placed.keys()].sort());
        for (const order of atFake) expect(String(order.id)).toBe(placed.get(order.clOrdId ?? ''));
        for (const id of canceled)
          expect(world.fake.control.orders().find((o) => String(o.id) === id)?.ordStatus).toBe('Canceled');
      }),
      { numRuns: RUNS },
    );
    // The faults really fired, and every penalty resend waited and repeated the same body.
    const resends = world.fake.control.penaltyResends();
    expect(resends.length).toBeGreaterThan(0);
    for (const resend of resends)
      expect(resend).toMatchObject({ known: true, sameBody: true, captcha: false });
    for (const resend of resends) expect(resend.waitedMs).toBeGreaterThanOrEqual(resend.requiredMs);
  });
});
