import fc from 'fast-check';
import type { FakeControl } from '../../../test-support/fake-tradovate/control';

export const SYMBOL = 'ESZ6';
/** Cross followers trade the micro; the fake keeps one price per contract, so both move together. */
export const CROSS_SYMBOL = 'MESZ6';
const TICK = 0.25;

type Side = 'buy' | 'sell';

/** What the leader does by hand in Tradovate's own app. */
export type LeaderAction =
  /** Scale in or out, reverse, or open: a market order, maybe filled in parts. */
  | { kind: 'market'; side: Side; qty: number; parts: number[] }
  /** A working limit or stop order resting away from the market. */
  | { kind: 'working'; side: Side; qty: number; offset: number; stop: boolean }
  | { kind: 'modify'; pick: number; qty: number; offset: number }
  | { kind: 'cancel'; pick: number }
  /** The market moves: resting orders (the leader's and the mirrors) may fill. */
  | { kind: 'move'; ticks: number }
  /** Exit at market and cancel. */
  | { kind: 'flatten' };

const side = fc.constantFrom<Side>('buy', 'sell');

export const leaderAction: fc.Arbitrary<LeaderAction> = fc.oneof(
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
      kind: fc.constant('working' as const),
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
  { arbitrary: fc.constant({ kind: 'flatten' as const }), weight: 1 },
);

/** Buy limits rest below the market, sell limits above; stops the other way round. */
function restingLevel(price: number, buy: boolean, stop: boolean, offset: number): number {
  return price + (buy !== stop ? -offset : offset) * TICK;
}

export function performLeaderAction(control: FakeControl, leader: number, action: LeaderAction): void {
  const price = control.priceOf(SYMBOL);
  const working = (): ReturnType<FakeControl['orders']> =>
    control
      .orders()
      .filter((o) => o.accountId === leader && o.ordStatus === 'Working' && o.orderType !== 'Market');
  switch (action.kind) {
    case 'market':
      control.placeHumanOrder({
        accountId: leader,
        symbol: SYMBOL,
        action: action.side === 'buy' ? 'Buy' : 'Sell',
        qty: action.qty,
        parts: action.parts,
      });
      return;
    case 'working': {
      const level = restingLevel(price, action.side === 'buy', action.stop, action.offset);
      control.placeHumanOrder({
        accountId: leader,
        symbol: SYMBOL,
        action: action.side === 'buy' ? 'Buy' : 'Sell',
        qty: action.qty,
        ...(action.stop ? { orderType: 'Stop', stopPrice: level } : { orderType: 'Limit', price: level }),
      });
      return;
    }
    case 'modify': {
      const orders = working();
      const order = orders[action.pick % Math.max(1, orders.length)];
      if (order === undefined) return;
      const stop = order.orderType === 'Stop';
      const level = restingLevel(price, order.action === 'Buy', stop, action.offset);
      control.modifyHumanOrder(order.id, {
        orderQty: action.qty,
        ...(stop ? { stopPrice: level } : { price: level }),
      });
      return;
    }
    case 'cancel': {
      const orders = working();
      const order = orders[action.pick % Math.max(1, orders.length)];
      if (order !== undefined) control.cancelHumanOrder(order.id);
      return;
    }
    case 'move': {
      const next = Math.max(100, price + action.ticks * TICK);
      for (const symbol of [SYMBOL, CROSS_SYMBOL]) control.setPrice(symbol, next);
      return;
    }
    case 'flatten':
      control.liquidateHuman(leader, SYMBOL);
      return;
  }
}
