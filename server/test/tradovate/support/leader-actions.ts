import fc from 'fast-check';
import type { FakeControl } from '../../../fakes/tradovate/control';

export const SYMBOL = 'ESZ6';
/** Cross followers trade the micro; the fake keeps one price per contract, so both move together. */
export const CROSS_SYMBOL = 'MESZ6';
const TICK = 0.25;

type Side = 'buy' | 'sell';
type WorkingType = 'Limit' | 'Stop' | 'StopLimit' | 'MIT' | 'TrailingStop';
const STOPS: ReadonlySet<string> = new Set(['Stop', 'StopLimit', 'TrailingStop']);

/** What the leader does by hand in Tradovate's own app. */
export type LeaderAction =
  /** Scale in or out, reverse, or open: a market order, maybe filled in parts. */
  | { kind: 'market'; side: Side; qty: number; parts: number[] }
  /**
   * A working order resting away from the market, of the types traders use at Tradovate: limit, stop,
   * stop-limit (its limit a tick past its stop), market-if-touched, trailing stop (trailing by `offset` ticks).
   */
  | { kind: 'working'; side: Side; qty: number; offset: number; type: WorkingType }
  | { kind: 'modify'; pick: number; qty: number; offset: number }
  | { kind: 'cancel'; pick: number }
  /** The market moves: resting orders (the leader's and the mirrors) may fill. */
  | { kind: 'move'; ticks: number }
  /** Exit at market and cancel. */
  | { kind: 'flatten' }
  /** A market entry with a stop and a target `offset` ticks away, linked (Tradovate's ATM: placeOSO). */
  | { kind: 'bracket'; side: Side; qty: number; offset: number }
  /** A stop and a target for the position held, linked one-cancels-other (placeOCO); nothing when flat. */
  | { kind: 'pair'; stopOffset: number; targetOffset: number };

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
      type: fc.constantFrom<WorkingType>(
        'Limit',
        'Stop',
        'Limit',
        'Stop',
        'StopLimit',
        'MIT',
        'TrailingStop',
      ),
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
  {
    arbitrary: fc.record({
      kind: fc.constant('bracket' as const),
      side,
      qty: fc.integer({ min: 1, max: 3 }),
      offset: fc.integer({ min: 2, max: 12 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('pair' as const),
      stopOffset: fc.integer({ min: 2, max: 12 }),
      targetOffset: fc.integer({ min: 2, max: 12 }),
    }),
    weight: 1,
  },
);

/** Buy limits rest below the market, sell limits above; stops the other way round. */
function restingLevel(price: number, buy: boolean, stop: boolean, offset: number): number {
  return price + (buy !== stop ? -offset : offset) * TICK;
}

function pricesOf(
  type: WorkingType,
  buy: boolean,
  level: number,
  offset: number,
): { price?: number; stopPrice?: number; pegDifference?: number } {
  switch (type) {
    case 'Limit':
    case 'MIT':
      return { price: level };
    case 'Stop':
      return { stopPrice: level };
    case 'StopLimit':
      return { stopPrice: level, price: level + (buy ? TICK : -TICK) };
    case 'TrailingStop':
      return { pegDifference: offset * TICK };
  }
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
      const buy = action.side === 'buy';
      const level = restingLevel(price, buy, STOPS.has(action.type), action.offset);
      control.placeHumanOrder({
        accountId: leader,
        symbol: SYMBOL,
        action: buy ? 'Buy' : 'Sell',
        qty: action.qty,
        orderType: action.type,
        ...pricesOf(action.type, buy, level, action.offset),
      });
      return;
    }
    case 'modify': {
      const orders = working();
      const order = orders[action.pick % Math.max(1, orders.length)];
      if (order === undefined) return;
      const buy = order.action === 'Buy';
      const level = restingLevel(price, buy, STOPS.has(order.orderType), action.offset);
      // A trailing stop takes only a new quantity (TrailingStopNonOrderQtyModify); the leader here places
      // only the working types above, so the others keep their prices too.
      const prices =
        order.orderType === 'TrailingStop' ||
        order.orderType === 'TrailingStopLimit' ||
        order.orderType === 'QTS' ||
        order.orderType === 'Market'
          ? {}
          : pricesOf(order.orderType, buy, level, action.offset);
      control.modifyHumanOrder(order.id, { orderQty: action.qty, ...prices });
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
    case 'bracket': {
      const buy = action.side === 'buy';
      const exit = buy ? 'Sell' : 'Buy';
      control.placeHumanOrder({
        accountId: leader,
        symbol: SYMBOL,
        action: buy ? 'Buy' : 'Sell',
        qty: action.qty,
        brackets: [
          { action: exit, orderType: 'Stop', stopPrice: price + (buy ? -1 : 1) * action.offset * TICK },
          { action: exit, orderType: 'Limit', price: price + (buy ? 1 : -1) * action.offset * TICK },
        ],
      });
      return;
    }
    case 'pair': {
      const held = control.netPosition(leader, SYMBOL);
      if (held === 0) return;
      const long = held > 0;
      control.placeHumanOco(
        {
          accountId: leader,
          symbol: SYMBOL,
          action: long ? 'Sell' : 'Buy',
          qty: Math.abs(held),
          orderType: 'Stop',
          stopPrice: price + (long ? -1 : 1) * action.stopOffset * TICK,
        },
        {
          action: long ? 'Sell' : 'Buy',
          orderType: 'Limit',
          price: price + (long ? 1 : -1) * action.targetOffset * TICK,
        },
      );
      return;
    }
  }
}
