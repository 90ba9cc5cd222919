import { RP, type RpCode } from './codes';
import { specOf } from './contracts';
import {
  CAPS,
  type FakeRithmicAccount,
  type FakeRithmicFaults,
  type FakeRithmicFill,
  type FakeRithmicOrder,
  type PriceType,
} from './model';
import type { Fields } from './proto';

/** price_type values of request_new_order.proto; 5/6 (if-touched) are refused by the fake. */
export const PRICE_TYPES: Record<number, PriceType> = {
  1: 'LIMIT',
  2: 'MARKET',
  3: 'STOP_LIMIT',
  4: 'STOP_MARKET',
};
const PRICE_TYPE_ID: Record<PriceType, number> = { LIMIT: 1, MARKET: 2, STOP_LIMIT: 3, STOP_MARKET: 4 };

export interface OrderInput {
  userTag: string | null;
  accountId: string;
  symbol: string;
  exchange: string;
  qty: number;
  side: 'buy' | 'sell';
  priceType: PriceType;
  price: number | null;
  triggerPrice: number | null;
  manualOrAuto: 'MANUAL' | 'AUTO' | null;
  tradeRoute: string;
  duration: number;
  /** A trailing stop (312/328 `trailing_stop`, `trail_by_ticks`, `trail_by_price_id`). */
  trail?: { ticks: number; priceId: number };
  /** Bracket legs placed when this entry fills (330). */
  bracket?: { targetTicks: number; stopTicks: number; targetQty: number; stopQty: number; type: number };
}

interface WorkingOrder extends FakeRithmicOrder {
  duration: number;
  bracket: OrderInput['bracket'] | undefined;
  bracketType: number;
  trailPriceId: number;
  triggered: boolean;
  pendingUntil: number;
}

interface Position {
  netQty: number;
  avgPrice: number;
  closedPnl: number;
  buys: number;
  sells: number;
}

export interface VenueHooks {
  /** A 351 or 352 for an account's order-plant subscribers. */
  notify(accountId: string, templateId: 351 | 352, fields: Fields): void;
  /** The account's P&L changed (a fill, a price). */
  pnlChanged(accountId: string, symbol: string, exchange: string): void;
}

/** The fake's exchange: accounts, prices, orders, fills, positions. Orders work against `setPrice`. */
export class Venue {
  readonly accounts = new Map<string, FakeRithmicAccount>();
  readonly orders: WorkingOrder[] = [];
  readonly fills: FakeRithmicFill[] = [];
  private readonly byBasket = new Map<string, WorkingOrder>();
  private readonly prices = new Map<string, number>();
  private readonly positions = new Map<string, Position>();
  /** Symbols traded per account, kept with the fills: a scan of every fill on each P&L push grew with the day. */
  private readonly traded = new Map<string, Map<string, { symbol: string; exchange: string }>>();
  /** Orders and fills held at most (a bench of thousands of orders raises them). */
  readonly caps = { orders: CAPS.orders, fills: CAPS.fills };
  private nextBasket = 1;
  private nextFill = 1;

  constructor(
    private readonly faults: FakeRithmicFaults,
    private readonly hooks: VenueHooks,
  ) {}

  order(basketId: string): WorkingOrder | undefined {
    return this.byBasket.get(basketId);
  }

  priceOf(symbol: string, exchange: string): number | undefined {
    return this.prices.get(`${exchange}:${symbol}`);
  }

  position(accountId: string, symbol: string): Position {
    return (
      this.positions.get(`${accountId}:${symbol}`) ?? {
        netQty: 0,
        avgPrice: 0,
        closedPnl: 0,
        buys: 0,
        sells: 0,
      }
    );
  }

  /** Symbols (with exchange) the account has traded today. */
  tradedSymbols(accountId: string): Array<{ symbol: string; exchange: string }> {
    return [...(this.traded.get(accountId)?.values() ?? [])];
  }

  /** Checks a new order and records it (status open), or says why not; nothing is published yet. */
  accept(input: OrderInput): { order: WorkingOrder } | { refused: RpCode } {
    const refused = this.check(input, 1);
    if (refused !== null) return { refused };
    const needsPrice = input.priceType === 'LIMIT' || input.priceType === 'STOP_LIMIT';
    const needsTrigger = input.priceType === 'STOP_LIMIT' || input.priceType === 'STOP_MARKET';
    const order: WorkingOrder = {
      basketId: String(200_000_000 + this.nextBasket++),
      userTag: input.userTag,
      accountId: input.accountId,
      symbol: input.symbol,
      exchange: input.exchange,
      side: input.side,
      qty: input.qty,
      priceType: input.priceType,
      price: needsPrice ? input.price : null,
      triggerPrice: needsTrigger ? input.triggerPrice : null,
      manualOrAuto: input.manualOrAuto,
      tradeRoute: input.tradeRoute,
      status: 'open',
      completionReason: null,
      filledQty: 0,
      avgFillPrice: null,
      linkedBasketIds: [],
      trailTicks: input.trail?.ticks ?? 0,
      trailPriceId: input.trail?.priceId ?? 0,
      atHr: performance.now(),
      duration: input.duration,
      bracket: input.bracket,
      bracketType: input.bracket?.type ?? 0,
      triggered: false,
      pendingUntil: 0,
    };
    this.orders.push(order);
    this.byBasket.set(order.basketId, order);
    return { order };
  }

  /** Why a new order (one of `count` taken together) would be refused, or null. */
  check(input: OrderInput, count: number): RpCode | null {
    if (this.orders.length + count > this.caps.orders) return RP.tooMany;
    const needsPrice = input.priceType === 'LIMIT' || input.priceType === 'STOP_LIMIT';
    const needsTrigger = input.priceType === 'STOP_LIMIT' || input.priceType === 'STOP_MARKET';
    if (
      !Number.isInteger(input.qty) ||
      input.qty <= 0 ||
      input.qty > 10_000 ||
      input.symbol === '' ||
      (needsPrice && !(input.price !== null && input.price > 0)) ||
      (needsTrigger && !(input.triggerPrice !== null && input.triggerPrice > 0))
    )
      return RP.badOrder;
    return null;
  }

  /** Publishes an accepted order's way to the exchange (351 1 → 4 → 7 → 10 → 13, 352 STATUS), then works it. */
  open(order: WorkingOrder): void {
    // One view for the six: they leave in the same turn, stamped alike.
    const view = this.view(order);
    for (const [notifyType, status] of [
      [1, 'order received from client'],
      [4, 'open pending'],
      [7, 'order received by exch gateway'],
      [10, 'order sent to exch'],
      [13, 'open'],
    ] as const)
      this.hooks.notify(order.accountId, 351, { ...view, notify_type: notifyType, status });
    this.hooks.notify(order.accountId, 352, {
      ...view,
      notify_type: 1,
      report_type: 'status',
      status: 'open',
    });
    this.work(order);
  }

  /** 314: new quantity / prices; published as 351 2 → 5 → 14 MODIFIED and 352 MODIFY, then worked. */
  modify(
    order: WorkingOrder,
    change: { qty?: number; price?: number; triggerPrice?: number; trailTicks?: number },
  ): RpCode | null {
    if (order.status !== 'open') return RP.orderComplete;
    if (
      change.qty !== undefined &&
      (!Number.isInteger(change.qty) || change.qty <= order.filledQty || change.qty > 10_000)
    )
      return RP.badOrder;
    if (change.qty !== undefined) order.qty = change.qty;
    if (change.price !== undefined && order.price !== null) order.price = change.price;
    if (change.triggerPrice !== undefined && order.triggerPrice !== null)
      order.triggerPrice = change.triggerPrice;
    if (change.trailTicks !== undefined && order.trailTicks > 0) order.trailTicks = change.trailTicks;
    for (const [notifyType, status] of [
      [2, 'modify received from client'],
      [5, 'modify pending'],
      [14, 'open'],
    ] as const)
      this.hooks.notify(order.accountId, 351, { ...this.view(order), notify_type: notifyType, status });
    this.hooks.notify(order.accountId, 352, {
      ...this.view(order),
      notify_type: 2,
      report_type: 'modify',
      status: 'open',
    });
    this.work(order);
    return null;
  }

  /** 316 (and OCO siblings, 346, 3504): 351 3 → 6 → 15 COMPLETE "Cancel" and 352 CANCEL. */
  cancel(order: WorkingOrder, reason = 'Cancel'): RpCode | null {
    if (order.status !== 'open') return RP.orderComplete;
    order.status = 'complete';
    order.completionReason = reason;
    this.hooks.notify(order.accountId, 351, {
      ...this.view(order),
      notify_type: 3,
      status: 'cancel received from client',
    });
    this.hooks.notify(order.accountId, 351, {
      ...this.view(order),
      notify_type: 6,
      status: 'cancel pending',
    });
    this.hooks.notify(order.accountId, 352, {
      ...this.view(order),
      notify_type: 3,
      report_type: 'cancel',
      status: 'complete',
    });
    this.hooks.notify(order.accountId, 351, {
      ...this.view(order),
      notify_type: 15,
      status: 'complete',
      completion_reason: reason,
    });
    return null;
  }

  /** Moves the market: works every open order of the contract, re-marks the accounts holding it. */
  setPrice(symbol: string, exchange: string, price: number): void {
    if (!Number.isFinite(price) || price <= 0) throw new Error(`Fake Rithmic: bad price ${price}`);
    this.prices.set(`${exchange}:${symbol}`, price);
    for (const order of this.orders.filter(
      (o) => o.status === 'open' && o.symbol === symbol && o.exchange === exchange,
    ))
      this.work(order);
    const holders = new Set<string>();
    for (const fill of this.fills)
      if (fill.symbol === symbol && fill.exchange === exchange) holders.add(fill.accountId);
    for (const accountId of holders) this.hooks.pnlChanged(accountId, symbol, exchange);
  }

  /** Fills what the market allows: market at once, limits at or through, stops once triggered. */
  private work(order: WorkingOrder): void {
    if (order.status !== 'open') return;
    const market = this.priceOf(order.symbol, order.exchange);
    if (market === undefined) return;
    const buy = order.side === 'buy';
    if ((order.priceType === 'STOP_MARKET' || order.priceType === 'STOP_LIMIT') && !order.triggered) {
      if (order.trailTicks > 0) this.trail(order, market);
      const trigger = order.triggerPrice ?? 0;
      if (buy ? market < trigger : market > trigger) return;
      order.triggered = true;
      this.hooks.notify(order.accountId, 352, {
        ...this.view(order),
        notify_type: 4,
        report_type: 'trigger',
        status: 'open',
      });
    }
    let fillAt: number;
    if (order.priceType === 'MARKET' || order.priceType === 'STOP_MARKET') fillAt = market;
    else {
      const limit = order.price ?? 0;
      if (buy ? market > limit : market < limit) return;
      fillAt = limit;
    }
    this.fill(order, fillAt);
  }

  /**
   * A trailing stop's trigger follows the market, never back: a sell stop stays `trailTicks` below the highest
   * price since it was placed, a buy stop above the lowest. Each move is told as 352 MODIFY (the fake's reading:
   * no public source shows how Rithmic reports a trail).
   */
  private trail(order: WorkingOrder, market: number): void {
    const tick = specOf(order.symbol).tickSize;
    const distance = order.trailTicks * tick;
    const follow = round(order.side === 'sell' ? market - distance : market + distance, tick);
    const current = order.triggerPrice ?? follow;
    if (order.side === 'sell' ? follow <= current : follow >= current) return;
    order.triggerPrice = follow;
    this.hooks.notify(order.accountId, 352, {
      ...this.view(order),
      notify_type: 2,
      report_type: 'modify',
      status: 'open',
    });
  }

  /** 328: the two legs cancel each other; a leg that fills cancels the other (as a bracket's legs do). */
  linkOco(first: WorkingOrder, second: WorkingOrder): void {
    first.linkedBasketIds = [second.basketId];
    second.linkedBasketIds = [first.basketId];
  }

  private fill(order: WorkingOrder, price: number): void {
    const lot = this.faults.partialFillLot > 0 ? Math.floor(this.faults.partialFillLot) : order.qty;
    while (order.filledQty < order.qty && this.fills.length < this.caps.fills) {
      const size = Math.min(lot, order.qty - order.filledQty);
      const before = order.filledQty * (order.avgFillPrice ?? 0);
      order.filledQty += size;
      order.avgFillPrice = (before + size * price) / order.filledQty;
      const at = new Date();
      const record: FakeRithmicFill = {
        fillId: String(this.nextFill++),
        basketId: order.basketId,
        userTag: order.userTag,
        accountId: order.accountId,
        symbol: order.symbol,
        exchange: order.exchange,
        side: order.side,
        price,
        size,
        at,
      };
      this.fills.push(record);
      const traded =
        this.traded.get(order.accountId) ?? new Map<string, { symbol: string; exchange: string }>();
      traded.set(order.symbol, { symbol: order.symbol, exchange: order.exchange });
      this.traded.set(order.accountId, traded);
      this.book(record);
      const fields = { ...this.fillFields(order, record), notify_type: 5, report_type: 'fill' };
      this.hooks.notify(order.accountId, 352, fields);
      if (this.faults.duplicateFills) this.hooks.notify(order.accountId, 352, fields);
      this.hooks.pnlChanged(order.accountId, order.symbol, order.exchange);
    }
    if (order.filledQty < order.qty) return;
    order.status = 'complete';
    order.completionReason = 'Fill';
    this.hooks.notify(order.accountId, 351, {
      ...this.view(order),
      notify_type: 15,
      status: 'complete',
      completion_reason: 'Fill',
    });
    // A filled bracket leg cancels its sibling (OCO); a filled entry then gets its legs, linked to it.
    for (const sibling of order.linkedBasketIds) {
      const other = this.byBasket.get(sibling);
      if (other && other.status === 'open') this.cancel(other);
    }
    if (order.bracket) this.placeLegs(order, order.bracket);
  }

  /** 330 legs: a target LIMIT and a stop STOP_MARKET, ticks away from the entry's fill, linked to each other. */
  private placeLegs(entry: WorkingOrder, bracket: NonNullable<OrderInput['bracket']>): void {
    const tick = specOf(entry.symbol).tickSize;
    const sign = entry.side === 'buy' ? 1 : -1;
    const base = entry.avgFillPrice ?? 0;
    const side = entry.side === 'buy' ? 'sell' : 'buy';
    const common = {
      userTag: entry.userTag,
      accountId: entry.accountId,
      symbol: entry.symbol,
      exchange: entry.exchange,
      side,
      manualOrAuto: entry.manualOrAuto,
      tradeRoute: entry.tradeRoute,
      duration: entry.duration,
    } as const;
    const legs: WorkingOrder[] = [];
    if (bracket.targetTicks > 0 && bracket.targetQty > 0) {
      const target = this.accept({
        ...common,
        qty: bracket.targetQty,
        priceType: 'LIMIT',
        price: round(base + sign * bracket.targetTicks * tick, tick),
        triggerPrice: null,
      });
      if ('order' in target) legs.push(target.order);
    }
    if (bracket.stopTicks > 0 && bracket.stopQty > 0) {
      const stop = this.accept({
        ...common,
        qty: bracket.stopQty,
        priceType: 'STOP_MARKET',
        price: null,
        triggerPrice: round(base - sign * bracket.stopTicks * tick, tick),
      });
      if ('order' in stop) legs.push(stop.order);
    }
    for (const leg of legs) {
      leg.bracketType = entry.bracketType;
      leg.linkedBasketIds = [entry.basketId, ...legs.filter((l) => l !== leg).map((l) => l.basketId)];
    }
    entry.linkedBasketIds = legs.map((l) => l.basketId);
    // The legs' siblings are cancelled when one fills; the entry itself is complete already.
    for (const leg of legs) leg.linkedBasketIds = leg.linkedBasketIds.filter((id) => id !== entry.basketId);
    for (const leg of legs) this.open(leg);
  }

  /** Position and realized P&L follow the fill (average price; closing part realizes). */
  private book(fill: FakeRithmicFill): void {
    const key = `${fill.accountId}:${fill.symbol}`;
    const position = this.position(fill.accountId, fill.symbol);
    const signed = fill.side === 'buy' ? fill.size : -fill.size;
    if (fill.side === 'buy') position.buys += fill.size;
    else position.sells += fill.size;
    const { pointValue } = specOf(fill.symbol);
    if (position.netQty === 0 || Math.sign(position.netQty) === Math.sign(signed)) {
      const total = position.netQty + signed;
      position.avgPrice =
        (position.avgPrice * Math.abs(position.netQty) + fill.price * fill.size) / Math.abs(total);
      position.netQty = total;
    } else {
      const closing = Math.min(Math.abs(signed), Math.abs(position.netQty));
      const realized = (fill.price - position.avgPrice) * closing * Math.sign(position.netQty) * pointValue;
      position.closedPnl += realized;
      const account = this.accounts.get(fill.accountId);
      if (account) {
        account.closedPnl += realized;
        account.balance += realized;
      }
      const total = position.netQty + signed;
      if (total === 0) position.avgPrice = 0;
      else if (Math.sign(total) !== Math.sign(position.netQty)) position.avgPrice = fill.price;
      position.netQty = total;
    }
    this.positions.set(key, position);
  }

  /** Open P&L of one position at the last price. */
  openPnl(accountId: string, symbol: string, exchange: string): number {
    const position = this.position(accountId, symbol);
    const price = this.priceOf(symbol, exchange);
    if (position.netQty === 0 || price === undefined) return 0;
    return (price - position.avgPrice) * position.netQty * specOf(symbol).pointValue;
  }

  /** The order fields every 351/352 carries. */
  view(order: WorkingOrder): Fields {
    return {
      user_tag: order.userTag ?? '',
      basket_id: order.basketId,
      linked_basket_ids: order.linkedBasketIds.join(','),
      account_id: order.accountId,
      symbol: order.symbol,
      exchange: order.exchange,
      trade_route: order.tradeRoute,
      quantity: order.qty,
      price: order.price ?? 0,
      trigger_price: order.triggerPrice ?? 0,
      transaction_type: order.side === 'buy' ? 1 : 2,
      duration: order.duration,
      price_type: PRICE_TYPE_ID[order.priceType],
      manual_or_auto: order.manualOrAuto === 'AUTO' ? 2 : order.manualOrAuto === 'MANUAL' ? 1 : 0,
      bracket_type: order.bracketType,
      ...(order.trailTicks > 0
        ? { trail_by_ticks: order.trailTicks, trail_by_price_id: order.trailPriceId }
        : {}),
      avg_fill_price: order.avgFillPrice ?? 0,
      total_fill_size: order.filledQty,
      total_unfilled_size: order.status === 'open' ? order.qty - order.filledQty : 0,
      ...stamp(new Date()),
    };
  }

  fillFields(order: WorkingOrder, fill: FakeRithmicFill): Fields {
    return {
      ...this.view(order),
      status: order.filledQty < order.qty ? 'open' : 'complete',
      fill_price: fill.price,
      fill_size: fill.size,
      fill_time: fill.at.toISOString().slice(11, 19),
      fill_date: fill.at.toISOString().slice(0, 10).replaceAll('-', ''),
      fill_id: fill.fillId,
      ...stamp(fill.at),
    };
  }
}

export function stamp(at: Date): { ssboe: number; usecs: number } {
  const ms = at.getTime();
  return { ssboe: Math.floor(ms / 1000), usecs: (ms % 1000) * 1000 };
}

function round(price: number, tick: number): number {
  return Number((Math.round(price / tick) * tick).toFixed(6));
}
