import { roundToTick } from './catalog';
import * as json from './entities';
import { VenueState } from './venue';
import { fillPrice, usesPeg, usesPrice, usesStop } from './order-rules';
import { fillOrder } from './venue-fills';
import type { Action, FakeOrder, NewOrder, OrderType } from './venue-types';

export type Failure = { failureReason: string; failureText: string };
export type Placed = { orderId: number; oso1Id?: number; oso2Id?: number };
export interface BracketSpec {
  action: Action;
  orderType: OrderType;
  price?: number;
  stopPrice?: number;
  pegDifference?: number;
}

export interface ModifyChange {
  orderQty?: number;
  orderType?: OrderType;
  price?: number;
  stopPrice?: number;
  pegDifference?: number;
}

/**
 * A trailing stop takes only a new quantity: the schema's failure reason `TrailingStopNonOrderQtyModify`
 * (`swagger/services.swagger.yaml`, CommandResult, the answer to modifyorder). Restating the order's own type and
 * values is no change.
 */
function changesMoreThanQty(order: FakeOrder, change: ModifyChange): boolean {
  const differs = (value: number | string | undefined, current: number | string | null): boolean =>
    value !== undefined && value !== current;
  return (
    differs(change.orderType, order.orderType) ||
    differs(change.price, null) ||
    differs(change.stopPrice, order.stopPrice) ||
    differs(change.pegDifference, order.pegDifference)
  );
}

/** Final statuses: an order in one never works again, so a price move has nothing to try on it. */
const finished = (order: FakeOrder): boolean =>
  order.ordStatus === 'Filled' || order.ordStatus === 'Canceled' || order.ordStatus === 'Rejected';
const working = (order: FakeOrder): boolean =>
  order.ordStatus === 'Working' || order.ordStatus === 'Suspended';

/** The venue's trading rules: Market fills at once, Limit and Stop wait for the price, OSO brackets, OCO. */
export class FakeVenue extends VenueState {
  /**
   * Bracket children by entry, in the order they were created: a fill or a cancel looks up its order's
   * children here instead of scanning every order the venue ever held.
   */
  private readonly childrenOf = new Map<number, FakeOrder[]>();
  /**
   * Orders not in a final status, in creation order, pruned as they are met: a price move tries only these.
   * An order in a final status could not trigger anyway.
   */
  private readonly unfinished = new Set<FakeOrder>();

  place(spec: NewOrder, brackets: BracketSpec[] = []): Placed | Failure {
    const contract = this.checkNew(spec, brackets);
    if ('failureReason' in contract) return contract;
    return this.batch(() => {
      const entry = this.createOrder(
        spec.accountId,
        contract.id,
        spec,
        spec.orderQty,
        spec.isAutomated,
        null,
        {
          clOrdId: spec.clOrdId,
        },
      );
      const children = brackets.map((bracket) =>
        this.createOrder(spec.accountId, contract.id, bracket, spec.orderQty, spec.isAutomated, entry.id, {}),
      );
      const [first, second] = children;
      if (first && second) {
        first.ocoSiblingId = second.id;
        second.ocoSiblingId = first.id;
      }
      this.activate(entry, spec.fillParts);
      return {
        orderId: entry.id,
        ...(first ? { oso1Id: first.id } : {}),
        ...(second ? { oso2Id: second.id } : {}),
      };
    });
  }

  /**
   * `placeOCO`: two working orders, the fill of one cancels the other (PlaceOCO.md, PlaceOcoResult.md). Both are
   * checked before either exists and each names the other (`linkedId`) from its first event on. The `other`
   * order's `clOrdId` (RestrainedOrderVersion.md) is taken but not recorded: no document says that its `New`
   * command carries it, so a client must find the second order through the first's `linkedId`.
   */
  placeOco(spec: NewOrder, other: BracketSpec): { orderId: number; ocoId: number } | Failure {
    const contract = this.checkNew(spec, [other]);
    if ('failureReason' in contract) return contract;
    const second: NewOrder = {
      accountId: spec.accountId,
      symbol: spec.symbol,
      orderQty: spec.orderQty,
      isAutomated: spec.isAutomated,
      action: other.action,
      orderType: other.orderType,
      price: other.price,
      stopPrice: other.stopPrice,
      pegDifference: other.pegDifference,
    };
    return this.batch(() => {
      const create = (order: NewOrder): FakeOrder =>
        this.createOrder(spec.accountId, contract.id, order, spec.orderQty, spec.isAutomated, null, {
          clOrdId: order.clOrdId,
          announce: false,
        });
      const first = create(spec);
      const sibling = create(second);
      first.ocoSiblingId = sibling.id;
      sibling.ocoSiblingId = first.id;
      for (const order of [first, sibling]) this.announce(order);
      // A first order that fills at once cancels its sibling before the sibling ever works.
      this.activate(first);
      if (sibling.ordStatus === 'PendingNew') this.activate(sibling);
      return { orderId: first.id, ocoId: sibling.id };
    });
  }

  /** The refusal of a new order and its linked ones (a closed account, an unknown contract, a price missing), or its contract. */
  private checkNew(spec: NewOrder, linked: BracketSpec[]): { id: number } | Failure {
    const account = this.accounts.get(spec.accountId);
    if (!account || !account.active)
      return { failureReason: 'AccountClosed', failureText: `Account ${spec.accountId} is not open` };
    const contract = this.contractBySymbol(spec.symbol);
    if (!contract)
      return { failureReason: 'UnknownReason', failureText: `Unknown contract symbol ${spec.symbol}` };
    if (!Number.isInteger(spec.orderQty) || spec.orderQty <= 0)
      return { failureReason: 'UnknownReason', failureText: 'Invalid order quantity' };
    for (const order of [spec, ...linked]) {
      const problem = this.missingPrice(order);
      if (problem !== null) return { failureReason: 'InvalidPrice', failureText: problem };
    }
    return contract;
  }

  /** What an order type needs and lacks (PlaceOrder.md: `price`, `stopPrice`, `pegDifference`), or null. */
  private missingPrice(spec: BracketSpec): string | null {
    if (usesPrice(spec.orderType) && spec.price === undefined) return `${spec.orderType} order without price`;
    if (usesPeg(spec.orderType))
      return spec.pegDifference === undefined ? `${spec.orderType} order without pegDifference` : null;
    const stop =
      spec.orderType === 'StopLimit' || spec.orderType === 'QTS'
        ? spec.stopPrice
        : (spec.stopPrice ?? spec.price);
    if (usesStop(spec.orderType) && stop === undefined) return `${spec.orderType} order without stopPrice`;
    return null;
  }

  /** The stop an order starts with: a trailing stop without one starts `pegDifference` from the market. */
  private startingStop(contractId: number, spec: BracketSpec): number | undefined {
    if (spec.orderType === 'StopLimit') return spec.stopPrice;
    if (usesPeg(spec.orderType) && spec.stopPrice === undefined && spec.pegDifference !== undefined) {
      const distance = Math.abs(spec.pegDifference);
      const market = this.priceOf(contractId);
      return spec.action === 'Sell' ? market - distance : market + distance;
    }
    return spec.stopPrice ?? spec.price;
  }

  private createOrder(
    accountId: number,
    contractId: number,
    spec: BracketSpec,
    qty: number,
    isAutomated: boolean,
    parentId: number | null,
    { clOrdId, announce = true }: { clOrdId?: string; announce?: boolean },
  ): FakeOrder {
    const tick = this.contracts.get(contractId)?.tickSize ?? 0.25;
    const { action, orderType, price } = spec;
    const stopPrice = this.startingStop(contractId, spec);
    const stop = usesStop(orderType) && stopPrice !== undefined ? roundToTick(stopPrice, tick) : null;
    const order: FakeOrder = {
      id: this.nextId(),
      accountId,
      contractId,
      action,
      ordStatus: 'PendingNew',
      orderQty: qty,
      orderType,
      price: usesPrice(orderType) && price !== undefined ? roundToTick(price, tick) : null,
      stopPrice: stop,
      stopTriggered: false,
      pegDifference: usesPeg(orderType) ? (spec.pegDifference ?? null) : null,
      trailingStop: usesPeg(orderType) ? stop : null,
      clOrdId: clOrdId ?? null,
      isAutomated,
      parentId,
      ocoSiblingId: null,
      versionId: this.nextId(),
      commandId: 0,
      cumQty: 0,
      avgPx: 0,
      timestamp: json.isoNow(),
    };
    this.orders.set(order.id, order);
    this.unfinished.add(order);
    if (parentId !== null) {
      const siblings = this.childrenOf.get(parentId);
      if (siblings) siblings.push(order);
      else this.childrenOf.set(parentId, [order]);
    }
    if (announce) this.announce(order);
    return order;
  }

  /** The events of a new order: it, its `New` command, its first version and report (suspended if a child). */
  private announce(order: FakeOrder): void {
    const { accountId, parentId, isAutomated } = order;
    this.emit(accountId, 'order', 'Created', json.orderJson(order));
    this.recordCommand(order, 'New', order.clOrdId, isAutomated);
    this.emit(accountId, 'orderVersion', 'Created', json.orderVersionJson(order));
    this.emit(
      accountId,
      'executionReport',
      'Created',
      json.executionReportJson(this.nextId(), order.commandId, order, 'New'),
    );
    if (parentId !== null) {
      // Bracket children wait, suspended, until their entry fills.
      order.ordStatus = 'Suspended';
      this.emit(accountId, 'order', 'Updated', json.orderJson(order));
    }
  }

  private activate(order: FakeOrder, fillParts: number[] = []): void {
    order.ordStatus = 'Working';
    this.emit(order.accountId, 'order', 'Updated', json.orderJson(order));
    if (order.orderType === 'Market')
      for (const part of fillParts)
        if (part < order.orderQty - order.cumQty)
          fillOrder(this, order, this.priceOf(order.contractId), part);
    this.tryTrigger(order);
  }

  private tryTrigger(order: FakeOrder): void {
    if (order.ordStatus !== 'Working') return;
    const at = fillPrice(order, this.priceOf(order.contractId));
    if (at === null) return;
    fillOrder(this, order, at);
    for (const child of this.childrenOf.get(order.id) ?? [])
      if (child.ordStatus === 'Suspended') this.activate(child);
    const sibling = order.ocoSiblingId === null ? undefined : this.orders.get(order.ocoSiblingId);
    if (sibling && working(sibling)) this.cancelNow(sibling);
  }

  private cancelNow(order: FakeOrder): void {
    order.ordStatus = 'Canceled';
    this.emit(
      order.accountId,
      'executionReport',
      'Created',
      json.executionReportJson(this.nextId(), order.commandId, order, 'Canceled'),
    );
    this.emit(order.accountId, 'order', 'Updated', json.orderJson(order));
    for (const child of this.childrenOf.get(order.id) ?? []) if (working(child)) this.cancelNow(child);
  }

  cancel(orderId: number, isAutomated = false, clOrdId?: string): { commandId: number } | Failure {
    const order = this.orders.get(orderId);
    if (!order) return { failureReason: 'UnknownReason', failureText: `Order ${orderId} not found` };
    if (!working(order))
      return {
        failureReason: 'UnknownReason',
        failureText: `Order ${orderId} is ${order.ordStatus}, it cannot be canceled`,
      };
    return this.batch(() => {
      const command = this.recordCommand(order, 'Cancel', clOrdId ?? null, isAutomated);
      this.cancelNow(order);
      return { commandId: command.id };
    });
  }

  modify(
    orderId: number,
    change: ModifyChange,
    isAutomated = false,
    clOrdId?: string,
  ): { commandId: number } | Failure {
    const order = this.orders.get(orderId);
    if (!order) return { failureReason: 'UnknownReason', failureText: `Order ${orderId} not found` };
    if (!working(order))
      return {
        failureReason: 'UnknownReason',
        failureText: `Order ${orderId} is ${order.ordStatus}, it cannot be modified`,
      };
    if (change.orderQty !== undefined && (!Number.isInteger(change.orderQty) || change.orderQty <= 0))
      return { failureReason: 'UnknownReason', failureText: 'Invalid order quantity' };
    if (usesPeg(order.orderType) && changesMoreThanQty(order, change))
      return {
        failureReason: 'TrailingStopNonOrderQtyModify',
        failureText: 'Only the quantity of a trailing stop can be modified',
      };
    return this.batch(() => {
      const command = this.recordCommand(order, 'Modify', clOrdId ?? null, isAutomated);
      order.orderQty = change.orderQty ?? order.orderQty;
      order.orderType = change.orderType ?? order.orderType;
      if (usesPrice(order.orderType)) order.price = change.price ?? order.price;
      if (usesStop(order.orderType))
        order.stopPrice =
          change.stopPrice ?? (order.orderType === 'Stop' ? change.price : undefined) ?? order.stopPrice;
      order.versionId = this.nextId();
      this.emit(order.accountId, 'orderVersion', 'Created', json.orderVersionJson(order));
      this.emit(
        order.accountId,
        'executionReport',
        'Created',
        json.executionReportJson(this.nextId(), order.commandId, order, 'Replaced'),
      );
      this.tryTrigger(order);
      return { commandId: command.id };
    });
  }

  /** Cancels the contract's working orders, then closes the position with a market order. */
  liquidate(
    accountId: number,
    contractId: number,
    isAutomated: boolean,
  ): Placed | { commandId: number } | Failure {
    if (!this.accounts.has(accountId))
      return { failureReason: 'AccountClosed', failureText: `Account ${accountId} is not open` };
    const contract = this.contracts.get(contractId);
    if (!contract) return { failureReason: 'UnknownReason', failureText: `Unknown contract ${contractId}` };
    return this.batch(() => {
      for (const order of this.orders.values())
        if (order.accountId === accountId && order.contractId === contractId && working(order))
          this.cancelNow(order);
      const position = this.positions.get(`${accountId}:${contractId}`);
      if (!position || position.netPos === 0) return { commandId: this.nextId() };
      return this.place({
        accountId,
        symbol: contract.name,
        action: position.netPos > 0 ? 'Sell' : 'Buy',
        orderQty: Math.abs(position.netPos),
        orderType: 'Market',
        isAutomated,
      });
    });
  }

  setPrice(symbol: string, price: number): void {
    const contract = this.contractBySymbol(symbol);
    if (!contract) throw new Error(`Unknown contract symbol ${symbol}`);
    this.prices.set(contract.id, roundToTick(price, contract.tickSize));
    this.batch(() => this.triggerContract(contract.id));
  }

  tick(): void {
    this.batch(() => {
      for (const contractId of this.walkPrices()) this.triggerContract(contractId);
    });
  }

  private triggerContract(contractId: number): void {
    for (const order of [...this.unfinished]) {
      if (finished(order)) this.unfinished.delete(order);
      else if (order.contractId === contractId) this.tryTrigger(order);
    }
  }
}
