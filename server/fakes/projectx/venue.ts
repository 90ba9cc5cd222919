import {
  type FakeAccount,
  type FakeContract,
  type FakeOrder,
  type FakePosition,
  type FakeTrade,
  OrderSide,
  OrderStatus,
  OrderType,
  PlaceError,
  PositionType,
} from './model';

/** A user event for the hub: its target, the account it concerns and the SignalR action (0 new, 1 update, 2 gone). */
export interface VenueEvent {
  target: 'GatewayUserAccount' | 'GatewayUserOrder' | 'GatewayUserPosition' | 'GatewayUserTrade';
  accountId: number;
  action: 0 | 1 | 2;
  data: object;
}

export interface PlaceBody {
  accountId: number;
  contractId: string;
  type: number;
  side: number;
  size: number;
  limitPrice?: number | null;
  stopPrice?: number | null;
  trailPrice?: number | null;
  customTag?: string | null;
  stopLossBracket?: { ticks: number; type: number } | null;
  takeProfitBracket?: { ticks: number; type: number } | null;
}

export type PlaceResult = { orderId: number } | { errorCode: number; errorMessage: string };

const now = (): string => new Date().toISOString().replace('Z', '+00:00');

/**
 * The fake's exchange: accounts, orders with their state machine (pending → open → filled / cancelled /
 * rejected / expired, partial fills), positions as type + size + average, half-turn trades, firm rules
 * (trading hours, max contracts, daily loss lock with canTrade=false) and the customTag ledger.
 */
export class Venue {
  readonly accounts = new Map<number, FakeAccount>();
  readonly contracts = new Map<string, FakeContract>();
  readonly orders = new Map<number, FakeOrder>();
  readonly positions = new Map<string, FakePosition>();
  readonly trades: FakeTrade[] = [];
  /** Every customTag an account ever sent, accepted or rejected: none is ever accepted twice. */
  readonly usedTags = new Map<number, Set<string>>();
  readonly prices = new Map<string, number>();
  /**
   * Ids of the orders that may still be live: every order enters, and one found finished is dropped (an order
   * never goes back to live). A placement's exposure check, a price move and a lock read only these, not every
   * order the venue ever held, which made each placement slower than the one before over a long run.
   */
  private readonly maybeLive = new Set<number>();
  marketOpen = true;
  partialFills = false;
  private nextId = 9000;

  constructor(private readonly publish: (event: VenueEvent) => void) {}

  id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /** The orders pending or open, oldest first. */
  liveOrders(): FakeOrder[] {
    const live: FakeOrder[] = [];
    for (const id of this.maybeLive) {
      const order = this.orders.get(id);
      if (order !== undefined && isLive(order)) live.push(order);
      else this.maybeLive.delete(id);
    }
    return live;
  }

  private keep(order: FakeOrder): void {
    this.orders.set(order.id, order);
    this.maybeLive.add(order.id);
  }

  price(contractId: string): number {
    return this.prices.get(contractId) ?? 100;
  }

  position(accountId: number, contractId: string): FakePosition | undefined {
    return this.positions.get(`${accountId}:${contractId}`);
  }

  netOf(accountId: number, contractId: string): number {
    const position = this.position(accountId, contractId);
    if (position === undefined) return 0;
    return position.type === PositionType.Long ? position.size : -position.size;
  }

  place(body: PlaceBody): PlaceResult {
    const account = this.accounts.get(body.accountId);
    if (account === undefined)
      return { errorCode: PlaceError.AccountNotFound, errorMessage: 'Account not found' };
    const tags = this.usedTags.get(account.id) ?? new Set<string>();
    this.usedTags.set(account.id, tags);
    if (body.customTag) {
      if (tags.has(body.customTag))
        return {
          errorCode: PlaceError.OrderRejected,
          errorMessage: `Custom tag '${body.customTag}' already in use`,
        };
      tags.add(body.customTag);
    }
    const contract = this.contracts.get(body.contractId);
    if (contract === undefined)
      return { errorCode: PlaceError.ContractNotFound, errorMessage: 'Contract not found' };
    const order = this.newOrder(body, contract);
    const refuse = (errorCode: number, errorMessage: string): PlaceResult => {
      // The order exists in the history as rejected, its tag spent.
      order.status = OrderStatus.Rejected;
      this.keep(order);
      this.emitOrder(order, 0);
      return { errorCode, errorMessage };
    };
    if (!account.canTrade) return refuse(PlaceError.AccountRejected, 'Account is not allowed to trade');
    if (!this.marketOpen) return refuse(PlaceError.OutsideTradingHours, 'Outside of trading hours');
    // The place-order reference lists 1 Limit, 2 Market, 4 Stop, 5 TrailingStop, 6 JoinBid, 7 JoinAsk; 3 StopLimit
    // is a response code only, so it is refused here (the stricter reading).
    if (!PLACEABLE.includes(body.type))
      return refuse(PlaceError.OrderRejected, `Order type ${body.type} is not supported`);
    const fields = checkFields(body);
    if (fields !== null) return refuse(PlaceError.OrderRejected, fields);
    if (!Number.isInteger(body.size) || body.size <= 0)
      return refuse(PlaceError.OrderRejected, 'Invalid order size');
    if ((body.stopLossBracket || body.takeProfitBracket) && account.bracketMode === 'position')
      return refuse(PlaceError.OrderRejected, 'Brackets are not allowed in Position Brackets mode');
    const signed = body.side === OrderSide.Bid ? body.size : -body.size;
    const working = this.liveOrders()
      .filter((o) => o.accountId === account.id && o.contractId === contract.id)
      .reduce((sum, o) => sum + (o.side === OrderSide.Bid ? 1 : -1) * (o.size - o.fillVolume), 0);
    const exposure = this.netOf(account.id, contract.id) + working + signed;
    if (Math.abs(exposure) > account.maxContracts && Math.abs(exposure) > Math.abs(exposure - signed))
      return refuse(
        PlaceError.AccountViolation,
        `Maximum position of ${account.maxContracts} contracts exceeded`,
      );
    this.priceAtPlacement(order);
    if (body.stopLossBracket || body.takeProfitBracket)
      order.brackets = {
        stopLossTicks: body.stopLossBracket?.ticks,
        takeProfitTicks: body.takeProfitBracket?.ticks,
      };
    this.keep(order);
    this.emitOrder(order, 0);
    // Pending is transitional: the order opens (and a market order fills) right after the answer.
    setImmediate(() => this.open(order.id));
    return { orderId: order.id };
  }

  cancel(accountId: number, orderId: number): number {
    const order = this.orders.get(orderId);
    if (order === undefined || order.accountId !== accountId) return 2;
    if (!isLive(order)) return 3;
    this.finish(order, OrderStatus.Cancelled);
    return 0;
  }

  modify(
    accountId: number,
    orderId: number,
    change: {
      size?: number | null;
      limitPrice?: number | null;
      stopPrice?: number | null;
      trailPrice?: number | null;
    },
  ): number {
    const order = this.orders.get(orderId);
    if (order === undefined || order.accountId !== accountId) return 2;
    if (!isLive(order)) return 3;
    if (change.size != null) {
      if (!Number.isInteger(change.size) || change.size <= order.fillVolume) return 3;
      order.size = change.size;
    }
    if (change.limitPrice != null) order.limitPrice = change.limitPrice;
    if (change.stopPrice != null) order.stopPrice = change.stopPrice;
    if (change.trailPrice != null) {
      if (order.type !== OrderType.TrailingStop || !(change.trailPrice > 0)) return 3;
      order.trailPrice = change.trailPrice;
      order.stopPrice = this.trailedStop(order, this.price(order.contractId), true);
    }
    order.updateTimestamp = now();
    this.emitOrder(order, 1);
    this.match(order);
    return 0;
  }

  /** Market-closes the whole position (Position/closeContract). */
  closeContract(accountId: number, contractId: string): number {
    const net = this.netOf(accountId, contractId);
    if (net === 0) return 2;
    const contract = this.contracts.get(contractId);
    if (contract === undefined) return 3;
    const order = this.newOrder(
      {
        accountId,
        contractId,
        type: OrderType.Market,
        side: net > 0 ? OrderSide.Ask : OrderSide.Bid,
        size: Math.abs(net),
      },
      contract,
    );
    this.keep(order);
    this.emitOrder(order, 0);
    order.status = OrderStatus.Open;
    this.fill(order, order.size, this.price(contractId));
    return 0;
  }

  setPrice(contractId: string, price: number): void {
    this.prices.set(contractId, price);
    for (const order of this.liveOrders())
      if (order.contractId === contractId && order.status === OrderStatus.Open) {
        if (order.type === OrderType.TrailingStop) {
          const trailed = this.trailedStop(order, price, false);
          if (trailed !== order.stopPrice) {
            order.stopPrice = trailed;
            order.updateTimestamp = now();
            this.emitOrder(order, 1);
          }
        }
        this.match(order);
      }
  }

  /**
   * A trailing stop keeps its stop `trailPrice` away from the market and only ever moves it in the position's
   * favour (a sell stop up, a buy stop down); `reset` places it afresh from the price (placement, new trail).
   */
  private trailedStop(order: FakeOrder, price: number, reset: boolean): number | null {
    if (order.trailPrice === null) return order.stopPrice;
    const sell = order.side === OrderSide.Ask;
    const fresh = sell ? price - order.trailPrice : price + order.trailPrice;
    if (reset || order.stopPrice === null) return fresh;
    return sell ? Math.max(order.stopPrice, fresh) : Math.min(order.stopPrice, fresh);
  }

  /**
   * Join orders rest at the best bid / ask: the fake keeps one price (the last trade) and quotes a one-tick
   * market around it, bid a tick below and ask a tick above. A trailing stop starts a trail away.
   */
  private priceAtPlacement(order: FakeOrder): void {
    const price = this.price(order.contractId);
    const tick = this.contracts.get(order.contractId)?.tickSize ?? 0;
    if (order.type === OrderType.JoinBid) order.limitPrice = price - tick;
    if (order.type === OrderType.JoinAsk) order.limitPrice = price + tick;
    if (order.type === OrderType.TrailingStop) order.stopPrice = this.trailedStop(order, price, true);
  }

  private newOrder(body: PlaceBody, contract: FakeContract): FakeOrder {
    const stamp = now();
    return {
      id: this.id(),
      accountId: body.accountId,
      contractId: contract.id,
      symbolId: contract.symbolId,
      creationTimestamp: stamp,
      updateTimestamp: stamp,
      status: OrderStatus.Pending,
      type: body.type,
      side: body.side,
      size: body.size,
      limitPrice: body.limitPrice ?? null,
      stopPrice: body.stopPrice ?? null,
      trailPrice: body.trailPrice ?? null,
      fillVolume: 0,
      filledPrice: null,
      customTag: body.customTag ?? null,
    };
  }

  private open(orderId: number): void {
    const order = this.orders.get(orderId);
    if (order === undefined || order.status !== OrderStatus.Pending) return;
    order.status = OrderStatus.Open;
    order.updateTimestamp = now();
    this.emitOrder(order, 1);
    this.match(order);
  }

  private match(order: FakeOrder): void {
    if (order.status !== OrderStatus.Open) return;
    const price = this.price(order.contractId);
    const buy = order.side === OrderSide.Bid;
    const resting = RESTING_LIMITS.includes(order.type);
    const marketable =
      order.type === OrderType.Market ||
      (resting &&
        order.limitPrice !== null &&
        (buy ? price <= order.limitPrice : price >= order.limitPrice)) ||
      ((order.type === OrderType.Stop || order.type === OrderType.TrailingStop) &&
        order.stopPrice !== null &&
        (buy ? price >= order.stopPrice : price <= order.stopPrice));
    if (!marketable) return;
    const fillPrice = resting && order.limitPrice !== null ? order.limitPrice : price;
    if (this.partialFills && order.size - order.fillVolume > 1) {
      this.fill(order, 1, fillPrice);
      setImmediate(() => this.match(order));
      return;
    }
    this.fill(order, order.size - order.fillVolume, fillPrice);
  }

  private fill(order: FakeOrder, qty: number, price: number): void {
    const account = this.accounts.get(order.accountId);
    const contract = this.contracts.get(order.contractId);
    if (account === undefined || contract === undefined) return;
    const signed = order.side === OrderSide.Bid ? qty : -qty;
    const before = this.netOf(account.id, contract.id);
    const position = this.position(account.id, contract.id);
    const avg = position?.averagePrice ?? price;
    // Half-turn trades: the opening part carries no P&L, the closing part carries it.
    const closing = Math.sign(before) === -Math.sign(signed) ? Math.min(Math.abs(before), qty) : 0;
    const pnl =
      closing === 0
        ? null
        : ((price - avg) * Math.sign(before) * closing * contract.tickValue) / contract.tickSize;
    const trade: FakeTrade = {
      id: this.id(),
      accountId: account.id,
      contractId: contract.id,
      creationTimestamp: now(),
      price,
      profitAndLoss: pnl,
      fees: 0,
      side: order.side,
      size: qty,
      voided: false,
      orderId: order.id,
    };
    this.trades.push(trade);
    order.filledPrice =
      order.fillVolume === 0
        ? price
        : (order.filledPrice! * order.fillVolume + price * qty) / (order.fillVolume + qty);
    order.fillVolume += qty;
    order.updateTimestamp = trade.creationTimestamp;
    if (order.fillVolume >= order.size) order.status = OrderStatus.Filled;
    this.publish({ target: 'GatewayUserTrade', accountId: account.id, action: 0, data: { ...trade } });
    this.emitOrder(order, 1);
    this.movePosition(account.id, contract.id, before, signed, price, avg);
    if (pnl !== null) {
      account.balance += pnl;
      account.realizedToday += pnl;
      this.publish({
        target: 'GatewayUserAccount',
        accountId: account.id,
        action: 1,
        data: accountView(account),
      });
    }
    if (order.status === OrderStatus.Filled) {
      if (order.brackets) this.placeBrackets(order, contract);
      if (order.ocoWith !== undefined) {
        const sibling = this.orders.get(order.ocoWith);
        if (sibling && isLive(sibling)) this.finish(sibling, OrderStatus.Cancelled);
      }
    }
    if (account.dailyLossLimit > 0 && account.realizedToday <= -account.dailyLossLimit && account.canTrade)
      this.lock(account);
  }

  private movePosition(
    accountId: number,
    contractId: string,
    before: number,
    signed: number,
    price: number,
    avg: number,
  ): void {
    const after = before + signed;
    const key = `${accountId}:${contractId}`;
    const existing = this.positions.get(key);
    if (after === 0) {
      if (existing) {
        this.positions.delete(key);
        this.publish({
          target: 'GatewayUserPosition',
          accountId,
          action: 2,
          data: { ...existing, size: 0 },
        });
      }
      return;
    }
    const growing = Math.sign(after) === Math.sign(before) && Math.abs(after) > Math.abs(before);
    const flipped = Math.sign(after) !== Math.sign(before);
    const averagePrice = flipped
      ? price
      : growing
        ? (avg * Math.abs(before) + price * Math.abs(signed)) / Math.abs(after)
        : avg;
    const position: FakePosition = {
      id: existing && !flipped ? existing.id : this.id(),
      accountId,
      contractId,
      creationTimestamp: existing && !flipped ? existing.creationTimestamp : now(),
      type: after > 0 ? PositionType.Long : PositionType.Short,
      size: Math.abs(after),
      averagePrice,
    };
    this.positions.set(key, position);
    this.publish({
      target: 'GatewayUserPosition',
      accountId,
      action: existing ? 1 : 0,
      data: { ...position },
    });
  }

  private placeBrackets(entry: FakeOrder, contract: FakeContract): void {
    const exitSide = entry.side === OrderSide.Bid ? OrderSide.Ask : OrderSide.Bid;
    const at = (ticks: number): number => (entry.filledPrice ?? 0) + ticks * contract.tickSize;
    const legs: FakeOrder[] = [];
    const { stopLossTicks, takeProfitTicks } = entry.brackets ?? {};
    if (stopLossTicks !== undefined)
      legs.push({
        ...this.newOrder({ ...base(entry), side: exitSide, type: OrderType.Stop }, contract),
        stopPrice: at(stopLossTicks),
      });
    if (takeProfitTicks !== undefined)
      legs.push({
        ...this.newOrder({ ...base(entry), side: exitSide, type: OrderType.Limit }, contract),
        limitPrice: at(takeProfitTicks),
      });
    if (legs.length === 2) {
      legs[0]!.ocoWith = legs[1]!.id;
      legs[1]!.ocoWith = legs[0]!.id;
    }
    for (const leg of legs) {
      leg.status = OrderStatus.Open;
      this.keep(leg);
      this.emitOrder(leg, 0);
    }
  }

  /** The firm's daily loss rule: liquidate, cancel, and lock the account. */
  lock(account: FakeAccount): void {
    for (const order of this.liveOrders())
      if (order.accountId === account.id) this.finish(order, OrderStatus.Cancelled);
    for (const position of [...this.positions.values()])
      if (position.accountId === account.id) this.closeContract(account.id, position.contractId);
    account.canTrade = false;
    this.publish({
      target: 'GatewayUserAccount',
      accountId: account.id,
      action: 1,
      data: accountView(account),
    });
  }

  expire(orderId: number): void {
    const order = this.orders.get(orderId);
    if (order && isLive(order)) this.finish(order, OrderStatus.Expired);
  }

  private finish(order: FakeOrder, status: number): void {
    order.status = status;
    order.updateTimestamp = now();
    this.emitOrder(order, 1);
  }

  private emitOrder(order: FakeOrder, action: 0 | 1): void {
    this.publish({
      target: 'GatewayUserOrder',
      accountId: order.accountId,
      action,
      data: orderView(order, true),
    });
  }
}

const PLACEABLE: number[] = [
  OrderType.Limit,
  OrderType.Market,
  OrderType.Stop,
  OrderType.TrailingStop,
  OrderType.JoinBid,
  OrderType.JoinAsk,
];
/** Orders that rest at a limit price once placed (a join order is a limit at the best bid / ask). */
const RESTING_LIMITS: number[] = [OrderType.Limit, OrderType.JoinBid, OrderType.JoinAsk];

/** The fields each type needs (Order/place reference): a limit price, a stop price, a trail distance. */
function checkFields(body: PlaceBody): string | null {
  if (body.type === OrderType.Limit && typeof body.limitPrice !== 'number')
    return 'A limit order needs a limitPrice';
  if (body.type === OrderType.Stop && typeof body.stopPrice !== 'number')
    return 'A stop order needs a stopPrice';
  if (body.type === OrderType.TrailingStop && !(typeof body.trailPrice === 'number' && body.trailPrice > 0))
    return 'A trailing stop order needs a positive trailPrice';
  return null;
}

function base(entry: FakeOrder): PlaceBody {
  return {
    accountId: entry.accountId,
    contractId: entry.contractId,
    type: entry.type,
    side: entry.side,
    size: entry.size,
  };
}

export function isLive(order: FakeOrder): boolean {
  return order.status === OrderStatus.Open || order.status === OrderStatus.Pending;
}

/**
 * The order as the API shows it (the order model has no `trailPrice`: a trailing stop shows its current
 * `stopPrice`); `Order/searchOpen` leaves the customTag out.
 */
export function orderView(order: FakeOrder, withTag: boolean): Record<string, unknown> {
  const { brackets: _brackets, ocoWith: _oco, trailPrice: _trail, customTag, ...rest } = order;
  return withTag ? { ...rest, customTag } : rest;
}

export function accountView(account: FakeAccount): Record<string, unknown> {
  return {
    id: account.id,
    name: account.name,
    balance: account.balance,
    canTrade: account.canTrade,
    isVisible: account.isVisible,
    simulated: account.simulated,
  };
}
