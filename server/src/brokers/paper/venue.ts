import { ocoSiblingCommand } from '../shared/oco-sibling';
import type { MarketQuote } from '@synctrade/api/types';
import { frontMonth, roundTo, specOf, tradeDayKey } from '@synctrade/market';
import {
  BrokerError,
  type AccountSnapshot,
  type BrokerOrder,
  type BrokerPosition,
  type ModifyOrderCommand,
  type PlaceOrderCommand,
} from '../types';
import { CountingIds, type IdSource } from './block-ids';
import { EventHub } from './event-hub';
import { WorkingOrders } from './working-orders';
import { FaultPlan } from './faults';
import { bookFill, positionOf, snapshotOf, type PaperAccount } from './ledger';
import type { StoredLedger } from './ledger-store';
import type { LedgerWriter } from './ledger-writer';
import { MARKETS, PriceModel, marketOf, type Market } from './price-model';
import { engineType, fillPrice, matchAt, trailedStop, type PaperOrder } from './matching';
import { bracketProblem, kindOf, modified, priceProblem, pricedOf, tickOf, ORDER_RULES } from './order-rules';

export interface PaperVenueOptions {
  seed?: number;
  /** Price step interval; null: prices move only when a test says so. */
  tickMs?: number | null;
  /** Keep every order command in `received` (tests); the server's venue does not. */
  recordCommands?: boolean;
  /**
   * Events kept per account for the `replay-events` fault (tests; default 100). The server's venue keeps none:
   * each kept event would outlive the young generation and be promoted, and nothing in the product replays them.
   */
  eventHistory?: number;
  now?: () => number;
  /** The database ledger (the server's venue): state is stored before anything about it leaves the venue. */
  ledger?: LedgerWriter;
  /** The ledger as stored, to continue from after a restart. */
  restored?: StoredLedger;
  ids?: IdSource;
  /** Another price model (several nodes: prices as a function of the seed and the time step). */
  prices?: PriceModel;
}

export const STARTING_BALANCE = 50_000;
const ORDERS_KEPT = 100_000;
/** Ids a command may use at most (its order, fills, bracket children): checked before it changes anything. */
const IDS_PER_COMMAND = 1_000;

/**
 * The paper venue: one per server, shared by every sim session so all paper accounts see one market.
 * Matching runs in memory; with a ledger (the server's venue, `openPaperVenue`) every change is stored in the
 * database before any answer or event about it leaves the venue, and a restart continues from the stored
 * accounts, positions, orders, prices and id blocks.
 */
export class PaperVenue {
  readonly prices: PriceModel;
  readonly faults = new FaultPlan();
  readonly hub: EventHub;
  /** Every order command that reached the venue, in order: tests check no copy was sent twice. */
  readonly received: PlaceOrderCommand[] = [];
  private readonly recordCommands: boolean;
  readonly now: () => number;
  private readonly accounts = new Map<string, PaperAccount>();
  private readonly orders = new Map<string, PaperOrder>();
  private readonly working = new WorkingOrders();
  private readonly byClientId = new Map<string, string>();
  private readonly ids: IdSource;
  private readonly ledger: LedgerWriter | null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(options: PaperVenueOptions = {}) {
    this.prices = options.prices ?? new PriceModel(options.seed ?? Date.now());
    this.now = options.now ?? Date.now;
    this.recordCommands = options.recordCommands ?? true;
    this.ids = options.ids ?? new CountingIds();
    this.ledger = options.ledger ?? null;
    this.hub = new EventHub(options.eventHistory ?? 100);
    if (this.ledger !== null) this.hub.gate = this.ledger;
    if (options.restored !== undefined) this.restore(options.restored);
    const tickMs = options.tickMs === undefined ? 500 : options.tickMs;
    if (tickMs !== null) {
      this.timer = setInterval(() => this.step(), tickMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops the price steps and stores what is not stored yet (a graceful stop). */
  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    await this.ledger?.close();
  }

  /**
   * Whether a command's answer and events leave the venue within the turn that made the change: no ledger, or a
   * ledger that stores synchronously (the journal in files). Then whatever an event sets off (a copier's copies)
   * also runs within that turn, before any later macrotask.
   */
  get answersWithinTurn(): boolean {
    return this.ledger === null || this.ledger.synchronous;
  }

  /**
   * Resolves once every change made so far is stored (null without a ledger): a session answers a command,
   * or reports state, only after that, so nothing it said is lost by a crash.
   */
  stored(): Promise<void> | null {
    return this.ledger === null ? null : this.ledger.whenStored();
  }

  /**
   * Resolves once every change made so far is in the ledger's tables themselves (the journal moved into them):
   * what another reader of the database, such as a node taking the accounts over, finds there.
   */
  async settled(): Promise<void> {
    await this.ledger?.settled();
  }

  /** The paper accounts of one sim login, created on first use with the starting balance. */
  ensureAccounts(loginKey: string, count: number): PaperAccount[] {
    const list: PaperAccount[] = [];
    for (let i = 1; i <= count; i += 1) {
      const externalId = `${loginKey}${i}`;
      let account = this.accounts.get(externalId);
      if (account === undefined) {
        account = {
          externalId,
          name: `SIM-${loginKey.slice(0, 4).toUpperCase()}-${i}`,
          startingBalance: STARTING_BALANCE,
          realizedTotal: 0,
          realizedDay: 0,
          dayKey: tradeDayKey(this.now()),
          positions: new Map(),
        };
        this.accounts.set(externalId, account);
        this.ledger?.account(account);
      }
      list.push(account);
    }
    return list;
  }

  account(externalId: string): PaperAccount {
    const account = this.accounts.get(externalId);
    if (account === undefined) throw new BrokerError(`Unknown account ${externalId}`, 'not_found');
    return account;
  }

  place(command: PlaceOrderCommand): BrokerOrder {
    this.open();
    const account = this.account(command.accountExternalId);
    this.ids.ensure(IDS_PER_COMMAND);
    const sendFault = this.faults.take(account.externalId, ['reject', 'timeout', 'drop-after-send']);
    if (sendFault?.kind === 'timeout') throw new BrokerError('Request timed out', 'uncertain');
    if (this.recordCommands) this.received.push({ ...command });
    const eventFault = this.faults.take(account.externalId, ['duplicate-events', 'replay-events']);
    if (eventFault?.kind === 'replay-events' && !this.hub.keepsHistory())
      throw new Error('A replay-events fault needs a venue that keeps its events (eventHistory)');
    const copies = eventFault?.kind === 'duplicate-events' ? 2 : 1;
    const order = this.newOrder(command);
    const siblingCommand = command.oco === undefined ? null : ocoSiblingCommand(command, command.oco);
    const problem =
      sendFault?.kind === 'reject'
        ? (sendFault.reason ?? 'Rejected by the venue')
        : (this.validate(command) ??
          (siblingCommand === null
            ? null
            : command.type === 'Market'
              ? ORDER_RULES.noMarketOco
              : this.validate(siblingCommand)));
    if (problem !== null) {
      order.status = 'Rejected';
      order.reason = problem;
      this.emitOrder(order, copies);
      throw new BrokerError(problem, 'rejected');
    }
    this.working.add(order);
    this.emitOrder(order, copies);
    const sibling = siblingCommand === null ? null : this.newOrder(siblingCommand);
    if (sibling !== null) {
      order.ocoWith = sibling.orderId;
      sibling.ocoWith = order.orderId;
      this.working.add(sibling);
      this.emitOrder(sibling, copies);
    }
    if (order.type === 'Market') {
      const parts = this.faults.take(account.externalId, ['partial-fills'])?.parts ?? [];
      for (const part of parts)
        if (order.status === 'Working' && part > 0 && part < order.qty - order.filledQty)
          this.fill(order, part, copies);
      if (order.status === 'Working') this.fill(order, order.qty - order.filledQty, copies);
    } else this.trigger(order, copies);
    if (sibling !== null) this.trigger(sibling, copies);
    if (eventFault?.kind === 'replay-events') this.hub.replay(account.externalId, eventFault.count);
    if (sendFault?.kind === 'drop-after-send')
      throw new BrokerError('Connection lost before the answer', 'uncertain');
    return reported(order);
  }

  modify(command: ModifyOrderCommand): void {
    this.open();
    const order = this.workingOrder(command.accountExternalId, command.orderId);
    const sendFault = this.faults.take(order.accountExternalId, ['reject', 'timeout', 'drop-after-send']);
    if (sendFault?.kind === 'timeout') throw new BrokerError('Request timed out', 'uncertain');
    if (sendFault?.kind === 'reject')
      throw new BrokerError(sendFault.reason ?? 'Modify rejected', 'rejected');
    if (command.qty <= order.filledQty)
      throw new BrokerError('Quantity below the filled quantity', 'rejected');
    // A stop-limit, a trailing stop keep their own type: the engine names them Stop (`engineType`).
    const kind = command.type === order.type ? order.kind : command.type;
    const prices = modified({ ...order, kind }, command);
    if (kind === 'TrailingStop' && command.trail !== undefined && prices.trail !== null) {
      const market = this.marketOf(order.symbol);
      prices.stopPrice = order.side === 'sell' ? market - prices.trail : market + prices.trail;
    }
    const problem = order.triggered
      ? null
      : priceProblem(prices, this.marketOf(order.symbol), tickOf(order.symbol));
    if (problem !== null) throw new BrokerError(problem, 'rejected');
    order.qty = command.qty;
    order.kind = kind;
    order.type = engineType(kind);
    order.price = prices.price;
    order.stopPrice = prices.stopPrice;
    order.trail = prices.trail;
    this.emitOrder(order);
    this.trigger(order);
    if (sendFault?.kind === 'drop-after-send')
      throw new BrokerError('Connection lost before the answer', 'uncertain');
  }

  cancel(accountExternalId: string, orderId: string): void {
    this.open();
    const order = this.workingOrder(accountExternalId, orderId);
    const sendFault = this.faults.take(order.accountExternalId, ['reject', 'timeout', 'drop-after-send']);
    if (sendFault?.kind === 'timeout') throw new BrokerError('Request timed out', 'uncertain');
    if (sendFault?.kind === 'reject')
      throw new BrokerError(sendFault.reason ?? 'Cancel rejected', 'rejected');
    this.closeOrder(order, 'Canceled');
    if (sendFault?.kind === 'drop-after-send')
      throw new BrokerError('Connection lost before the answer', 'uncertain');
  }

  /** Cancels working orders and closes positions of the account (one symbol or all). */
  flatten(accountExternalId: string, symbol?: string): void {
    this.open();
    const account = this.account(accountExternalId);
    this.ids.ensure(IDS_PER_COMMAND);
    for (const order of this.workingOrders([accountExternalId])) {
      if (symbol === undefined || order.symbol === symbol)
        this.closeOrder(this.orders.get(order.orderId) as PaperOrder, 'Canceled');
    }
    for (const [held, position] of account.positions) {
      if (position.netPos === 0 || (symbol !== undefined && held !== symbol)) continue;
      const side = position.netPos > 0 ? 'sell' : 'buy';
      const order = this.newOrder({
        accountExternalId,
        clientOrderId: '',
        symbol: held,
        side,
        qty: Math.abs(position.netPos),
        type: 'Market',
      });
      order.clientOrderId = null;
      this.working.add(order);
      this.fill(order, order.qty);
    }
  }

  findByClientId(accountExternalId: string, clientOrderId: string): BrokerOrder | null {
    if (this.faults.take(accountExternalId, ['lookup-lost']) !== null)
      throw new BrokerError('Request timed out', 'uncertain');
    const id = this.byClientId.get(`${accountExternalId}|${clientOrderId}`);
    const order = id === undefined ? undefined : this.orders.get(id);
    return order === undefined ? null : reported(order);
  }

  workingOrders(accountIds: readonly string[]): BrokerOrder[] {
    return this.working.of(accountIds).map((id) => reported(this.orders.get(id) as PaperOrder));
  }

  positions(accountIds: readonly string[]): BrokerPosition[] {
    return accountIds
      .flatMap((id) =>
        [...this.account(id).positions.keys()].map((symbol) => positionOf(this.account(id), symbol)),
      )
      .filter((p) => p.netPos !== 0);
  }

  snapshot(accountExternalId: string): AccountSnapshot {
    const account = this.account(accountExternalId);
    this.rollDay(account);
    let open = 0;
    for (const [symbol, position] of account.positions) {
      const spec = specOf(symbol);
      if (spec === undefined || position.netPos === 0) continue;
      open += (this.prices.price(spec.root) - position.avgPrice) * position.netPos * spec.pointValue;
    }
    return snapshotOf(account, open);
  }

  quotes(): MarketQuote[] {
    return MARKETS.map((market, index) => {
      const price = this.prices.price(market);
      const open = this.prices.openPrice(market);
      const change = open === 0 ? 0 : roundTo(((price - open) / open) * 100, 2);
      return {
        id: index + 1,
        symbol: frontMonth(market, new Date(this.now())),
        price,
        change,
        dir: change >= 0 ? 'up' : 'down',
      };
    });
  }

  /** One price step: triggers resting orders and refreshes open P&L of accounts holding a moved market. */
  step(moved: Market[] = this.prices.step()): void {
    if (moved.length === 0) return;
    try {
      this.ids.ensure(IDS_PER_COMMAND);
    } catch {
      return; // Resting orders trigger on a later step, once the next id block is reserved.
    }
    const markets = new Set(moved);
    for (const id of this.working.all()) {
      const order = this.orders.get(id);
      const spec = order === undefined ? undefined : specOf(order.symbol);
      if (order !== undefined && spec !== undefined && markets.has(marketOf(spec.root))) this.trigger(order);
    }
    const day = tradeDayKey(this.now());
    for (const account of this.accounts.values()) {
      const holds = [...account.positions].some(
        ([symbol, p]) => p.netPos !== 0 && markets.has(marketOf(specOf(symbol)?.root ?? 'ES')),
      );
      // At 18:00 New York the day's realized P&L starts again at zero: a flat account is told so too, as a
      // broker's account push does, or its last figure would stand until its next fill.
      if (holds || account.dayKey !== day)
        this.hub.emit(account.externalId, { kind: 'account', account: this.snapshot(account.externalId) });
    }
  }

  /** Sets one market's price (tests, demos) and runs the step. */
  setPrice(symbol: string, price: number): void {
    const spec = specOf(symbol);
    if (spec === undefined) throw new Error(`Unknown contract ${symbol}`);
    this.prices.setPrice(spec.root, price);
    this.step([marketOf(spec.root)]);
  }

  /**
   * Several nodes: the venue of the node owning a copy group holds that group's paper accounts. Taking the
   * group over, the node continues them from the stored ledger (whatever it held of them before is replaced).
   */
  adopt(stored: StoredLedger): void {
    this.evict(stored.accounts.map((account) => account.externalId));
    this.restore({ ...stored, markets: [] });
  }

  /**
   * Several nodes: forgets accounts whose copy group moved to another node (their resting orders must not
   * fill here any more). The caller waits for `stored()` first, so the ledger holds their last state.
   */
  evict(externalIds: readonly string[]): void {
    const ids = new Set(externalIds);
    if (ids.size === 0) return;
    for (const id of ids) this.accounts.delete(id);
    for (const [orderId, order] of this.orders) {
      if (!ids.has(order.accountExternalId)) continue;
      this.orders.delete(orderId);
      this.working.delete(order);
      if (order.clientOrderId !== null)
        this.byClientId.delete(`${order.accountExternalId}|${order.clientOrderId}`);
    }
  }

  /** Continues from the stored ledger: accounts, positions, orders (working ones resting again) and prices. */
  private restore(stored: StoredLedger): void {
    for (const account of stored.accounts) this.accounts.set(account.externalId, account);
    for (const order of stored.orders) {
      this.orders.set(order.orderId, order);
      if (order.status === 'Working') this.working.add(order);
      const key = `${order.accountExternalId}|${order.clientOrderId}`;
      if (order.clientOrderId !== null && !this.byClientId.has(key)) this.byClientId.set(key, order.orderId);
    }
    this.prices.restore(stored.markets);
  }

  /** A long-running venue forgets its oldest finished orders (look-ups by client id only need recent ones). */
  private forgetOldOrders(): void {
    for (const [id, order] of this.orders) {
      if (this.orders.size <= ORDERS_KEPT * 0.9) break;
      if (this.working.has(id)) continue;
      this.orders.delete(id);
      if (order.clientOrderId !== null)
        this.byClientId.delete(`${order.accountExternalId}|${order.clientOrderId}`);
    }
  }

  private newOrder(command: PlaceOrderCommand): PaperOrder {
    const orderId = String(this.ids.next());
    const order: PaperOrder = {
      orderId,
      clientOrderId: command.clientOrderId === '' ? null : command.clientOrderId,
      accountExternalId: command.accountExternalId,
      symbol: command.symbol.toUpperCase(),
      side: command.side,
      qty: command.qty,
      filledQty: 0,
      type: engineType(kindOf(command)),
      price: command.price ?? null,
      stopPrice: command.stopPrice ?? null,
      status: 'Working',
      reason: null,
      parentOrderId: null,
      time: this.now(),
      bracket: command.bracket,
      ocoWith: null,
      kind: kindOf(command),
      trail: command.trail ?? null,
      triggered: false,
    };
    if (order.kind === 'TrailingStop' && order.trail !== null && specOf(order.symbol) !== undefined)
      order.stopPrice = pricedOf(command, this.marketOf(order.symbol)).stopPrice;
    this.orders.set(orderId, order);
    if (this.orders.size > ORDERS_KEPT) this.forgetOldOrders();
    const key = `${command.accountExternalId}|${command.clientOrderId}`;
    if (command.clientOrderId !== '' && !this.byClientId.has(key)) this.byClientId.set(key, orderId);
    return order;
  }

  /**
   * The order at the market's price now: a trailing stop follows the best price, a stop-limit whose stop is
   * reached rests as a limit, and an order reached fills (in parts where a `partial-fills` fault says so).
   */
  private trigger(order: PaperOrder, copies = 1): void {
    const spec = specOf(order.symbol);
    if (spec === undefined || order.status !== 'Working') return;
    const market = this.prices.price(spec.root);
    const trailed = trailedStop(order, market, spec.tickSize);
    if (trailed !== null) {
      order.stopPrice = trailed;
      this.emitOrder(order, copies);
    }
    const { triggers, fills } = matchAt(order, market);
    if (triggers) {
      order.triggered = true;
      this.ledger?.order(order);
    }
    if (!fills) return;
    const at = fillPrice(order, market);
    if (order.type !== 'Market') {
      const parts = this.faults.take(order.accountExternalId, ['partial-fills'])?.parts ?? [];
      for (const part of parts)
        if (order.status === 'Working' && part > 0 && part < order.qty - order.filledQty)
          this.fill(order, part, copies, at);
    }
    if (order.status === 'Working') this.fill(order, order.qty - order.filledQty, copies, at);
  }

  private marketOf(symbol: string): number {
    const spec = specOf(symbol);
    if (spec === undefined) throw new BrokerError(`Unknown contract ${symbol}`, 'rejected');
    return this.prices.price(spec.root);
  }

  /** Why a command is refused, or null (see `order-rules.ts`). */
  private validate(command: PlaceOrderCommand): string | null {
    if (specOf(command.symbol) === undefined) return `Unknown contract ${command.symbol}`;
    if (!Number.isInteger(command.qty) || command.qty <= 0) return ORDER_RULES.qty;
    const market = this.marketOf(command.symbol);
    const tick = tickOf(command.symbol);
    const problem = priceProblem(pricedOf(command, market), market, tick);
    if (problem !== null || command.bracket === undefined) return problem;
    const entry = command.type === 'Market' ? market : (command.price ?? command.stopPrice ?? market);
    return bracketProblem(command.side, entry, command.bracket);
  }

  private fill(order: PaperOrder, qty: number, copies = 1, price?: number): void {
    const spec = specOf(order.symbol);
    if (spec === undefined) return;
    const account = this.account(order.accountExternalId);
    this.rollDay(account);
    const at = price ?? this.prices.price(spec.root);
    bookFill(account, order.symbol, order.side === 'buy' ? qty : -qty, at, spec.pointValue);
    order.filledQty += qty;
    const fillId = `F${this.ids.next()}`;
    this.ledger?.account(account);
    this.ledger?.fill({
      fillId,
      orderId: order.orderId,
      accountExternalId: order.accountExternalId,
      symbol: order.symbol,
      side: order.side,
      qty,
      price: at,
      time: this.now(),
    });
    const base = {
      orderId: order.orderId,
      clientOrderId: order.clientOrderId,
      accountExternalId: order.accountExternalId,
    };
    this.hub.emit(
      order.accountExternalId,
      {
        kind: 'fill',
        fillId,
        ...base,
        symbol: order.symbol,
        side: order.side,
        qty,
        price: at,
        time: this.now(),
      },
      copies,
    );
    if (order.filledQty >= order.qty) {
      order.price = order.type === 'Market' ? at : order.price;
      this.closeOrder(order, 'Filled', copies);
      this.openBracket(order);
      if (order.ocoWith !== null) {
        const sibling = this.orders.get(order.ocoWith);
        if (sibling !== undefined && sibling.status === 'Working')
          this.closeOrder(sibling, 'Canceled', copies);
      }
    } else {
      this.emitOrder(order, copies);
      this.shrinkSibling(order, copies);
    }
    this.fitBracketsToPosition(account, order.symbol, copies);
    this.hub.emit(
      order.accountExternalId,
      { kind: 'position', position: positionOf(account, order.symbol) },
      copies,
    );
    this.hub.emit(
      order.accountExternalId,
      { kind: 'account', account: this.snapshot(account.externalId) },
      copies,
    );
  }

  /** Places the stop-loss and take-profit children of a filled entry, OCO-linked. */
  private openBracket(parent: PaperOrder): void {
    const bracket = parent.bracket;
    if (bracket === undefined || (bracket.stopLoss === undefined && bracket.takeProfit === undefined)) return;
    const side = parent.side === 'buy' ? 'sell' : 'buy';
    const base = {
      accountExternalId: parent.accountExternalId,
      clientOrderId: '',
      symbol: parent.symbol,
      side,
      qty: parent.qty,
    } as const;
    const children: PaperOrder[] = [];
    if (bracket.stopLoss !== undefined)
      children.push(this.newOrder({ ...base, type: 'Stop', stopPrice: bracket.stopLoss }));
    if (bracket.takeProfit !== undefined)
      children.push(this.newOrder({ ...base, type: 'Limit', price: bracket.takeProfit }));
    const [first, second] = children;
    if (first !== undefined && second !== undefined) {
      first.ocoWith = second.orderId;
      second.ocoWith = first.orderId;
    }
    for (const child of children) {
      child.parentOrderId = parent.orderId;
      this.working.add(child);
      this.emitOrder(child);
    }
    for (const child of children) this.trigger(child);
  }

  /** A partial fill of one leg of a one-cancels-other pair: the other leg keeps only what is left to fill. */
  private shrinkSibling(order: PaperOrder, copies: number): void {
    const sibling = order.ocoWith === null ? undefined : this.orders.get(order.ocoWith);
    if (sibling === undefined || sibling.status !== 'Working') return;
    const left = order.qty - order.filledQty;
    if (sibling.qty - sibling.filledQty <= left) return;
    sibling.qty = sibling.filledQty + left;
    this.emitOrder(sibling, copies);
  }

  /**
   * The exits of the venue's own brackets never outgrow the position they protect: a flat position (or one
   * turned to the other side) cancels them, a smaller one shrinks them. So no leg is left live after an exit,
   * whichever order made it.
   */
  private fitBracketsToPosition(account: PaperAccount, symbol: string, copies: number): void {
    const netPos = positionOf(account, symbol).netPos;
    for (const id of this.working.of([account.externalId])) {
      const leg = this.orders.get(id);
      if (leg === undefined || leg.parentOrderId === null || leg.symbol !== symbol) continue;
      const protects = leg.side === 'sell' ? netPos > 0 : netPos < 0;
      const left = leg.qty - leg.filledQty;
      if (!protects) this.closeOrder(leg, 'Canceled', copies);
      else if (left > Math.abs(netPos)) {
        leg.qty = leg.filledQty + Math.abs(netPos);
        this.emitOrder(leg, copies);
      }
    }
  }

  private closeOrder(order: PaperOrder, status: 'Filled' | 'Canceled', copies = 1): void {
    order.status = status;
    this.working.delete(order);
    this.emitOrder(order, copies);
  }

  private workingOrder(accountExternalId: string, orderId: string): PaperOrder {
    const order = this.orders.get(orderId);
    if (order === undefined || order.accountExternalId !== accountExternalId)
      throw new BrokerError(`Unknown order ${orderId}`, 'not_found');
    if (order.status !== 'Working')
      throw new BrokerError(`Order ${orderId} is no longer working`, 'rejected');
    return order;
  }

  private emitOrder(order: PaperOrder, copies = 1): void {
    this.ledger?.order(order);
    this.hub.emit(order.accountExternalId, { kind: 'order', order: reported(order) }, copies);
  }

  /** Commands after a graceful stop began would never be stored: they are refused. */
  private open(): void {
    if (this.closed) throw new BrokerError('The paper venue is stopping', 'unavailable');
  }

  private rollDay(account: PaperAccount): void {
    const key = tradeDayKey(this.now());
    if (key !== account.dayKey) {
      account.dayKey = key;
      account.realizedDay = 0;
      this.ledger?.account(account);
    }
  }
}

/**
 * An order as the venue tells it: the engine's type, with the venue's own type, a trailing stop's trail and the
 * one-cancels-other link beside it, as a Tradovate leader's orders carry them.
 */
function reported(order: PaperOrder): BrokerOrder {
  // Spelled out rather than an object rest: this runs for every event of every order, and a rest copy takes V8's
  // slow path (it was the copy thread's most expensive function of the venue in a profile at 400 fills/s).
  return {
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    accountExternalId: order.accountExternalId,
    symbol: order.symbol,
    side: order.side,
    qty: order.qty,
    filledQty: order.filledQty,
    type: order.type,
    price: order.price,
    stopPrice: order.stopPrice,
    status: order.status,
    reason: order.reason,
    parentOrderId: order.parentOrderId,
    time: order.time,
    venueType: order.kind,
    trail: order.trail,
    linkedOrderId: order.ocoWith,
  };
}
