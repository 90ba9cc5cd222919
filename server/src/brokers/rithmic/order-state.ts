import { specOf } from '@synctrade/market';
import { FINAL_ORDERS_KEPT, FORGOTTEN_ORDERS_REMEMBERED } from '../order-retention';
import type { BrokerEvent, BrokerOrder, BrokerOrderStatus, BrokerPosition } from '../types';
import { money, number, text } from './answers';
import type { RithmicMessage } from './codec';
import { EXCHANGE_NOTIFY, PRICE_TYPE, RITHMIC_NOTIFY, RITHMIC_PENDING, sideOf, typeOf } from './codes';
import { RecentSet } from '../../runtime/recent-set';
import { PositionBook } from './position-book';

/** A contract's tick size; 0 for a symbol the product does not trade (its trail then reads as none). */
function tickSizeOf(symbol: string): number {
  return specOf(symbol.trim().toUpperCase())?.tickSize ?? 0;
}

/** Fill ids remembered to drop a fill told twice (352 sent again, a replay after a reconnect). */
const FILL_IDS_REMEMBERED = 200_000;
const FINAL: ReadonlySet<BrokerOrderStatus> = new Set(['Filled', 'Canceled', 'Rejected']);

/**
 * What the order plant told: orders by `basket_id` (Rithmic's order id), fills counted once by `fill_id`, net
 * positions from the fills, and the PnL plant's positions and balances. Everything arrives as hostile input:
 * a notification without the fields it needs changes nothing.
 */
export class OrderState {
  private readonly orders = new Map<string, BrokerOrder>();
  /**
   * The orders not final, by basket id: reconciliation asks for them on every leader event, and going through
   * every order kept (up to `FINAL_ORDERS_KEPT` final ones) cost a follower login's copy 1,000 look-ups a time.
   */
  private readonly working = new Map<string, BrokerOrder>();
  /** Basket ids by account and `user_tag`: an entry and its bracket legs share one (looked up on every send). */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly finalOrder: string[] = [];
  private readonly forgotten = new RecentSet<string>(FORGOTTEN_ORDERS_REMEMBERED);
  private readonly fillIds = new RecentSet<string>(FILL_IDS_REMEMBERED);
  private readonly positions: PositionBook;
  private readonly accounts = new Map<
    string,
    { cashBalance: number; realizedPnl: number; openPnl: number }
  >();

  constructor() {
    this.positions = new PositionBook();
  }

  /**
   * The order of a client order id. A bracket's legs carry their entry's `user_tag` too: the entry (the order
   * without a parent) is the answer, a leg only when the entry is not known.
   */
  byClientId(accountId: string, clientOrderId: string): BrokerOrder | null {
    let leg: BrokerOrder | null = null;
    for (const basketId of this.byTag.get(tagKey(accountId, clientOrderId)) ?? []) {
      const order = this.orders.get(basketId);
      if (order === undefined) continue;
      if (order.parentOrderId === null) return { ...order };
      leg ??= order;
    }
    return leg === null ? null : { ...leg };
  }

  order(basketId: string): BrokerOrder | undefined {
    return this.orders.get(basketId);
  }

  workingOrders(): BrokerOrder[] {
    const out: BrokerOrder[] = [];
    for (const order of this.working.values()) if (!FINAL.has(order.status)) out.push({ ...order });
    return out;
  }

  positionList(): BrokerPosition[] {
    return this.positions.list();
  }

  snapshots(): { accountExternalId: string; cashBalance: number; realizedPnl: number; openPnl: number }[] {
    return [...this.accounts].map(([accountExternalId, figures]) => ({ accountExternalId, ...figures }));
  }

  /** The order the gateway accepted (313 gave its basket id) before any notification of it. */
  accepted(order: BrokerOrder): BrokerEvent[] {
    if (this.orders.has(order.orderId) || this.forgotten.has(order.orderId)) return [];
    this.keep({ ...order });
    return [{ kind: 'order', order: { ...order } }];
  }

  /** 351 RithmicOrderNotification (live or a snapshot row). */
  applyRithmic(message: RithmicMessage): BrokerEvent[] {
    const order = this.orderOf(message);
    if (order === undefined) return [];
    const before = { ...order };
    this.merge(order, message);
    const notify = number(message, 'notify_type');
    if (notify !== undefined && RITHMIC_PENDING.has(notify)) {
      // Received or pending: nothing newer to say than what the order already is.
    } else if (
      notify === RITHMIC_NOTIFY.OPEN ||
      notify === RITHMIC_NOTIFY.MODIFIED ||
      notify === RITHMIC_NOTIFY.TRIGGER_PENDING
    ) {
      if (!FINAL.has(order.status)) order.status = 'Working';
    } else if (notify === RITHMIC_NOTIFY.COMPLETE) {
      order.status = completedStatus(order, text(message, 'completion_reason'));
      if (order.status === 'Rejected')
        order.reason = text(message, 'text') ?? text(message, 'completion_reason') ?? 'Rejected';
    } else if (message.is_snapshot === true && !FINAL.has(order.status)) order.status = 'Working';
    return this.changed(before, order);
  }

  /** 352 ExchangeOrderNotification (live, or a row of a ShowOrders / ReplayExecutions snapshot). */
  applyExchange(message: RithmicMessage): BrokerEvent[] {
    const notify = number(message, 'notify_type');
    // A replayed fill (3506 snapshot row) is already in the PnL plant's snapshot read at the same (re)connect.
    if (notify === EXCHANGE_NOTIFY.FILL) return this.applyFill(message, message.is_snapshot !== true);
    const order = this.orderOf(message);
    if (order === undefined) return [];
    const before = { ...order };
    this.merge(order, message);
    if (notify === EXCHANGE_NOTIFY.REJECT) {
      order.status = 'Rejected';
      order.reason = text(message, 'text') ?? text(message, 'report_text') ?? 'Rejected';
    } else if (notify === EXCHANGE_NOTIFY.CANCEL) order.status = 'Canceled';
    else if (!FINAL.has(order.status)) order.status = 'Working';
    return this.changed(before, order);
  }

  /**
   * After a snapshot of an account's open orders (and its replayed fills): an order we hold as working that the
   * snapshot does not list finished while we were not listening: filled if its fills say so, else cancelled.
   */
  settleUnlisted(accountId: string, listed: ReadonlySet<string>): BrokerEvent[] {
    const out: BrokerEvent[] = [];
    for (const order of this.orders.values()) {
      if (order.accountExternalId !== accountId || FINAL.has(order.status) || listed.has(order.orderId))
        continue;
      const before = { ...order };
      order.status = order.filledQty >= order.qty ? 'Filled' : 'Canceled';
      out.push(...this.changed(before, order));
    }
    return out;
  }

  /** 450 InstrumentPnLPositionUpdate: the gateway's net position, average price and the day's filled quantities. */
  applyInstrumentPnl(message: RithmicMessage): BrokerEvent[] {
    const accountId = text(message, 'account_id');
    const symbol = text(message, 'symbol');
    if (accountId === undefined || symbol === undefined) return [];
    return this.positions.figure(accountId, symbol, {
      net: number(message, 'net_quantity') ?? 0,
      avgPrice: money(message, 'avg_open_fill_price') ?? 0,
      // proto3 leaves zeros out: an absent count is 0.
      buys: number(message, 'fill_buy_qty') ?? 0,
      sells: number(message, 'fill_sell_qty') ?? 0,
      snapshot: message.is_snapshot === true,
    });
  }

  /** 451 AccountPnLPositionUpdate: money as strings. */
  applyAccountPnl(message: RithmicMessage): BrokerEvent[] {
    const accountId = text(message, 'account_id');
    if (accountId === undefined) return [];
    const previous = this.accounts.get(accountId);
    const figures = {
      cashBalance:
        money(message, 'account_balance') ?? money(message, 'cash_on_hand') ?? previous?.cashBalance ?? 0,
      realizedPnl:
        money(message, 'day_closed_pnl') ??
        money(message, 'closed_position_pnl') ??
        previous?.realizedPnl ??
        0,
      openPnl:
        money(message, 'day_open_pnl') ?? money(message, 'open_position_pnl') ?? previous?.openPnl ?? 0,
    };
    if (
      previous !== undefined &&
      previous.cashBalance === figures.cashBalance &&
      previous.realizedPnl === figures.realizedPnl &&
      previous.openPnl === figures.openPnl
    )
      return [];
    this.accounts.set(accountId, figures);
    return [{ kind: 'account', account: { accountExternalId: accountId, ...figures } }];
  }

  private applyFill(message: RithmicMessage, movesPosition: boolean): BrokerEvent[] {
    const fillId = text(message, 'fill_id');
    const size = number(message, 'fill_size');
    const price = money(message, 'fill_price');
    if (fillId === undefined || size === undefined || size <= 0 || price === undefined) return [];
    const basketId = text(message, 'basket_id');
    if (basketId === undefined || this.fillIds.has(`${basketId}|${fillId}`)) return [];
    const order = this.orderOf(message);
    const accountId = order?.accountExternalId ?? text(message, 'account_id');
    const symbol = order?.symbol ?? text(message, 'symbol');
    const side = order?.side ?? sideOf(number(message, 'transaction_type'));
    if (accountId === undefined || symbol === undefined || side === undefined) return [];
    this.fillIds.add(`${basketId}|${fillId}`);
    const out: BrokerEvent[] = [
      {
        kind: 'fill',
        clientOrderId: order?.clientOrderId ?? text(message, 'user_tag') ?? null,
        fillId,
        orderId: basketId,
        accountExternalId: accountId,
        symbol,
        side,
        qty: size,
        price,
        time: timeOf(message),
      },
    ];
    if (movesPosition)
      out.push(...this.positions.fill(accountId, symbol, side === 'buy' ? size : -size, price));
    if (order !== undefined) {
      const before = { ...order };
      const total = number(message, 'total_fill_size');
      order.filledQty = Math.min(order.qty, Math.max(order.filledQty + size, total ?? 0));
      if (order.filledQty >= order.qty || number(message, 'total_unfilled_size') === 0)
        order.status = 'Filled';
      else if (!FINAL.has(order.status)) order.status = 'Working';
      out.push(...this.changed(before, order));
    }
    return out;
  }

  /** The order a notification is about: known by its basket id, or new (a snapshot, a hand order, a lost answer). */
  private orderOf(message: RithmicMessage): BrokerOrder | undefined {
    const basketId = text(message, 'basket_id');
    if (basketId === undefined || this.forgotten.has(basketId)) return undefined;
    const known = this.orders.get(basketId);
    if (known !== undefined) return known;
    const accountId = text(message, 'account_id');
    const symbol = text(message, 'symbol');
    const side = sideOf(number(message, 'transaction_type'));
    const qty = number(message, 'quantity');
    if (
      accountId === undefined ||
      symbol === undefined ||
      side === undefined ||
      qty === undefined ||
      qty <= 0
    )
      return undefined;
    const tag = text(message, 'user_tag') ?? null;
    const order: BrokerOrder = {
      orderId: basketId,
      clientOrderId: tag,
      accountExternalId: accountId,
      symbol,
      side,
      qty,
      filledQty: 0,
      type: typeOf(number(message, 'price_type')) ?? 'Market',
      price: null,
      stopPrice: null,
      status: 'PendingNew',
      reason: null,
      parentOrderId: tag === null ? null : this.entryOf(accountId, tag),
      time: timeOf(message),
    };
    this.keep(order);
    return order;
  }

  /** A new order under a tag an entry already has is one of that entry's bracket legs (330 gives them its tag). */
  private entryOf(accountId: string, tag: string): string | null {
    for (const basketId of this.byTag.get(tagKey(accountId, tag)) ?? [])
      if (this.orders.get(basketId)?.parentOrderId === null) return basketId;
    return null;
  }

  private keep(order: BrokerOrder): void {
    this.orders.set(order.orderId, order);
    if (!FINAL.has(order.status)) this.working.set(order.orderId, order);
    this.index(order);
  }

  private index(order: BrokerOrder): void {
    if (order.clientOrderId === null) return;
    const key = tagKey(order.accountExternalId, order.clientOrderId);
    const baskets = this.byTag.get(key) ?? new Set<string>();
    baskets.add(order.orderId);
    this.byTag.set(key, baskets);
  }

  private merge(order: BrokerOrder, message: RithmicMessage): void {
    if (order.clientOrderId === null) {
      order.clientOrderId = text(message, 'user_tag') ?? null;
      this.index(order);
    }
    const qty = number(message, 'quantity');
    if (qty !== undefined && qty > 0) order.qty = qty;
    const priceType = number(message, 'price_type');
    const type = typeOf(priceType);
    if (type !== undefined) order.type = type;
    // A stop-limit is a Stop to the engine with its limit as `price`, a trailing stop one with its trail
    // (`VenueOrderType`). Only 351 tells the trail (`trail_by_ticks`): a 352 leaves a trailing stop as it was.
    const trailTicks = number(message, 'trail_by_ticks');
    if (type !== undefined && type !== 'Stop') {
      delete order.venueType;
      delete order.trail;
    } else if (priceType === PRICE_TYPE.STOP_LIMIT) order.venueType = 'StopLimit';
    else if (trailTicks !== undefined && trailTicks > 0) {
      order.venueType = 'TrailingStop';
      order.trail = trailTicks * tickSizeOf(order.symbol);
    } else if (type !== undefined && order.venueType === 'StopLimit') delete order.venueType;
    const linked = (text(message, 'linked_basket_ids') ?? '').split(',').filter((id) => id !== '');
    // One linked order is the other leg of a one-cancels-other pair (an entry lists its bracket's two legs).
    if (linked.length === 1) order.linkedOrderId = linked[0]!;
    const price = number(message, 'price');
    const trigger = number(message, 'trigger_price');
    if ((order.type === 'Limit' || order.venueType === 'StopLimit') && price !== undefined && price !== 0)
      order.price = price;
    if (order.type === 'Stop' && trigger !== undefined && trigger !== 0) order.stopPrice = trigger;
    const total = number(message, 'total_fill_size');
    // Fill counts move with the fills (so each fill is told once); a notification only ever raises them.
    if (
      total !== undefined &&
      total > order.filledQty &&
      number(message, 'notify_type') !== EXCHANGE_NOTIFY.FILL
    )
      order.filledQty = Math.min(order.qty, total);
  }

  private changed(before: BrokerOrder, order: BrokerOrder): BrokerEvent[] {
    if (
      before.status === order.status &&
      before.venueType === order.venueType &&
      before.trail === order.trail &&
      before.linkedOrderId === order.linkedOrderId &&
      before.qty === order.qty &&
      before.filledQty === order.filledQty &&
      before.price === order.price &&
      before.stopPrice === order.stopPrice &&
      before.clientOrderId === order.clientOrderId
    )
      return [];
    if (FINAL.has(order.status) && !FINAL.has(before.status)) this.retire(order.orderId);
    return [{ kind: 'order', order: { ...order } }];
  }

  private retire(basketId: string): void {
    this.working.delete(basketId);
    this.finalOrder.push(basketId);
    while (this.finalOrder.length > FINAL_ORDERS_KEPT) {
      const old = this.finalOrder.shift()!;
      const order = this.orders.get(old);
      this.orders.delete(old);
      if (order?.clientOrderId != null) {
        const key = tagKey(order.accountExternalId, order.clientOrderId);
        this.byTag.get(key)?.delete(old);
        if (this.byTag.get(key)?.size === 0) this.byTag.delete(key);
      }
      this.forgotten.add(old);
    }
  }
}

function completedStatus(order: BrokerOrder, reason: string | undefined): BrokerOrderStatus {
  const said = (reason ?? '').toLowerCase();
  if (said.includes('reject') || said.includes('fail')) return 'Rejected';
  if (said.includes('fill') && order.filledQty >= order.qty) return 'Filled';
  if (said.includes('cancel')) return 'Canceled';
  return order.filledQty >= order.qty ? 'Filled' : 'Canceled';
}

/** ssboe/usecs (seconds since the epoch) when given, else now. */
function timeOf(message: RithmicMessage): number {
  const ssboe = number(message, 'ssboe');
  if (ssboe === undefined || ssboe <= 0) return Date.now();
  return ssboe * 1000 + Math.floor((number(message, 'usecs') ?? 0) / 1000);
}

function tagKey(accountId: string, tag: string): string {
  return `${accountId}\n${tag}`;
}
