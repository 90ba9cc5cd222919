import type { BrokerEvent } from '../types';
import { parseAccount } from './accounts';
import * as parse from './entities';
import { type FlatValues, sameFlatValues } from './flat-values';
import { isRecord, oneOrMany } from './json';
import { toAccountSnapshot, toBrokerPosition } from './normalize';
import { StateQueries } from './state-queries';
import { RecentSet } from '../../runtime/recent-set';
import { FINAL_ORDERS_KEPT, FORGOTTEN_ORDERS_REMEMBERED } from '../order-retention';

const ORDER = 0;
const FILL = 1;
const ACCOUNT = 2;
const KINDS = 3;
const KIND_NAMES = ['order', 'fill', 'account'];
const MAX_PACKED_ID = Math.floor(Number.MAX_SAFE_INTEGER / KINDS) - 1;

/** A position's key in the state's table. */
const positionKey = (position: parse.PositionEntity): string =>
  `${position.accountId}:${position.contractId}`;

/**
 * What the user-data feed told us: filled from the sync snapshot, kept current by `props` events, and turned
 * into normalized events. Every emission is deduplicated, so duplicated or replayed events change nothing.
 *
 * Entities are applied, then emitted by `flush()`: Tradovate sends an order and its `New` command (the only
 * entity with our `clOrdId`) as separate `props` of one frame, and the engine must see the order with its
 * client order id, never as an order it does not know; so an order waits for its command within the frame.
 */
export class FeedState extends StateQueries {
  /** What was last emitted per entity key: a copy, so nothing done to an emitted event changes it. */
  private readonly emitted = new Map<string, FlatValues>();
  private readonly seenFills = new Set<number>();
  /** What changed since the last flush, in the order it first changed (see `markDirty`). */
  private readonly dirty = new Set<number | string>();
  /** Orders forgotten once final and old (`FINAL_ORDERS_KEPT`), oldest first. */
  private readonly forgotten = new RecentSet<number>(FORGOTTEN_ORDERS_REMEMBERED);
  /** Told of every client order id the feed learns from a `New` command (the durable store keeps it). */
  onClientId: (orderId: number, clientOrderId: string) => void = () => undefined;

  /** Orders, versions and commands read over REST (a look-up after an uncertain answer). */
  absorb(orders: unknown[], versions: unknown[], commands: unknown[]): void {
    const parsedOrders = orders.map((order) => parse.parseOrder(order));
    // Read on purpose (a look-up): an order forgotten as old is held again.
    for (const order of parsedOrders) this.forgotten.delete(order.id);
    for (const command of commands) this.learnCommand(parse.parseCommand(command));
    for (const order of parsedOrders) this.putOrder(order);
    for (const version of versions) this.putVersion(parse.parseOrderVersion(version));
  }

  /** Contracts first, so the symbols of the snapshot's other entities resolve. */
  absorbContracts(data: unknown): void {
    for (const part of Array.isArray(data) ? data : [data]) {
      if (isRecord(part))
        for (const contract of oneOrMany(part.contracts)) this.putContract(parse.parseContract(contract));
    }
  }

  /** Replaces the state with a snapshot; after a reconnect returns what changed while we were away. */
  loadSnapshot(data: unknown, emitChanges: boolean): BrokerEvent[] {
    const parts = Array.isArray(data) ? data : [data];
    const previousPositions = [...this.positionsByKey.values()];
    this.clear();
    for (const part of parts) {
      if (!isRecord(part)) continue;
      for (const account of oneOrMany(part.accounts)) this.putAccount(parseAccount(account));
      for (const contract of oneOrMany(part.contracts)) this.putContract(parse.parseContract(contract));
      for (const command of this.ofKeptOrders(part.commands, parse.parseCommand, (c) => c.orderId))
        this.learnCommand(command);
      for (const report of oneOrMany(part.commandReports))
        this.putCommandReport(parse.parseCommandReport(report));
      for (const order of this.ofKeptOrders(part.orders, parse.parseOrder, (o) => o.id)) this.putOrder(order);
      for (const version of this.ofKeptOrders(part.orderVersions, parse.parseOrderVersion, (v) => v.orderId))
        this.putVersion(version);
      const reports = this.ofKeptOrders(part.executionReports, parse.parseExecutionReport, (r) => r.orderId);
      for (const report of reports) this.putReport(report);
      for (const fill of this.ofKeptOrders(part.fills, parse.parseFill, (f) => f.orderId)) this.putFill(fill);
      for (const position of oneOrMany(part.positions)) this.putPosition(parse.parsePosition(position));
      for (const cash of oneOrMany(part.cashBalances)) this.putCash(parse.parseCashBalance(cash));
    }
    this.dirty.clear();
    const events: BrokerEvent[] = [];
    for (const order of this.allOrders()) this.emitOrder(Number(order.orderId), events);
    for (const fill of this.fillsById.values()) this.emitFill(fill.id, events);
    for (const old of previousPositions) {
      if (!this.positionsByKey.has(`${old.accountId}:${old.contractId}`))
        this.emitPosition({ ...old, netPos: 0 }, events);
    }
    for (const position of this.positionsByKey.values()) this.emitPosition(position, events);
    for (const cash of this.cashByAccount.values()) this.emitCash(cash.accountId, events);
    // A day's snapshot may hold thousands of final orders: forgotten now, not on the first frame after it.
    this.forgetOldOrders();
    // The first snapshot is history, not news: remember it so later updates are compared against it.
    return emitChanges ? events : [];
  }

  /** A snapshot's entities of one kind, without those of forgotten orders. */
  private ofKeptOrders<T>(
    items: unknown,
    parseOne: (item: unknown) => T,
    orderIdOf: (entity: T) => number,
  ): T[] {
    return oneOrMany(items)
      .map(parseOne)
      .filter((entity) => !this.forgotten.has(orderIdOf(entity)));
  }

  /** Applies one `props` event (entity as an object or an array); `flush()` then says what changed. */
  apply(entityType: string, eventType: string, entity: unknown): void {
    // One entity, or an array of them: the single one is not wrapped in an array first (every event pays it).
    if (Array.isArray(entity)) for (const item of entity) this.applyOne(entityType, eventType, item);
    else if (entity !== undefined && entity !== null) this.applyOne(entityType, eventType, entity);
  }

  private applyOne(entityType: string, eventType: string, item: unknown): void {
    if (entityType === 'order') {
      const order = parse.parseOrder(item);
      if (this.forgotten.has(order.id)) return;
      this.putOrder(order);
      this.markDirty(ORDER, order.id);
      // A fill that arrived before its order could not be attributed yet.
      for (const fillId of this.fillIdsOf(order.id)) this.markDirty(FILL, fillId);
    } else if (entityType === 'orderVersion') {
      const version = parse.parseOrderVersion(item);
      if (this.forgotten.has(version.orderId)) return;
      this.putVersion(version);
      this.markDirty(ORDER, version.orderId);
    } else if (entityType === 'executionReport') {
      const report = parse.parseExecutionReport(item);
      if (this.forgotten.has(report.orderId)) return;
      this.putReport(report);
      this.markDirty(ORDER, report.orderId);
    } else if (entityType === 'command') {
      const command = parse.parseCommand(item);
      if (this.forgotten.has(command.orderId)) return;
      this.learnCommand(command);
      this.markDirty(ORDER, command.orderId);
    } else if (entityType === 'commandReport') {
      const report = parse.parseCommandReport(item);
      this.putCommandReport(report);
      const orderId = this.commandsById.get(report.commandId)?.orderId;
      if (orderId !== undefined) this.markDirty(ORDER, orderId);
    } else if (entityType === 'fill') {
      const fill = parse.parseFill(item);
      if (this.forgotten.has(fill.orderId)) return;
      this.putFill(fill);
      this.markDirty(FILL, fill.id);
      this.markDirty(ORDER, fill.orderId);
    } else if (entityType === 'position') {
      const position = parse.parsePosition(item);
      this.putPosition(eventType === 'Deleted' ? { ...position, netPos: 0 } : position);
      this.dirty.add(`position:${positionKey(position)}`);
    } else if (entityType === 'cashBalance') {
      const cash = parse.parseCashBalance(item);
      this.putCash(cash);
      this.markDirty(ACCOUNT, cash.accountId);
    } else if (entityType === 'account') this.putAccount(parseAccount(item));
    else if (entityType === 'contract') this.putContract(parse.parseContract(item));
  }

  /**
   * The normalized events of what was applied, in the order it changed. An order whose `New` command is not
   * known yet (and its fills) waits for it, unless `final` (the frame is over: it will not come now).
   */
  flush(final: boolean): BrokerEvent[] {
    const events: BrokerEvent[] = [];
    for (const key of this.dirty) {
      if (typeof key === 'number') {
        if (!this.flushOne(key % KINDS, Math.floor(key / KINDS), final, events)) continue;
      } else if (key.startsWith('position:')) {
        const position = this.positionsByKey.get(key.slice('position:'.length));
        if (position) this.emitPosition(position, events);
      } else {
        const [kind = '', id = ''] = key.split(':');
        if (!this.flushOne(KIND_NAMES.indexOf(kind), Number(id), final, events)) continue;
      }
      this.dirty.delete(key);
    }
    // Between frames, with nothing left to emit: the oldest final orders beyond those kept are forgotten.
    if (final && this.dirty.size === 0) this.forgetOldOrders();
    return events;
  }

  private forgetOldOrders(): void {
    for (const orderId of this.finalOrdersBeyond(FINAL_ORDERS_KEPT)) {
      for (const fillId of this.dropOrder(orderId)) this.seenFills.delete(fillId);
      this.emitted.delete(`order:${orderId}`);
      this.forgotten.add(orderId);
    }
  }

  /** Emits a dirty order, fill or account; false when it waits for its order's `New` command. */
  private flushOne(kind: number, id: number, final: boolean, events: BrokerEvent[]): boolean {
    if (kind === ORDER) {
      if (!final && !this.identified(id)) return false;
      this.emitOrder(id, events);
    } else if (kind === FILL) {
      const orderId = this.fillsById.get(id)?.orderId;
      if (!final && orderId !== undefined && !this.identified(orderId)) return false;
      this.emitFill(id, events);
    } else if (kind === ACCOUNT) this.emitCash(id, events);
    return true;
  }

  /**
   * Orders, fills and accounts are marked by a number (the id and its kind), not a string to build and split
   * again for every entity of every event; an id that is not a small whole number keeps a `kind:id` string.
   */
  private markDirty(kind: number, id: number): void {
    this.dirty.add(
      Number.isSafeInteger(id) && id >= 0 && id <= MAX_PACKED_ID
        ? id * KINDS + kind
        : `${KIND_NAMES[kind]}:${id}`,
    );
  }

  /** Whether we know who placed the order: its `New` command or our own client order id. */
  private identified(orderId: number): boolean {
    return this.clientIdOfOrder(orderId) !== null || this.hasNewCommand(orderId);
  }

  private learnCommand(command: parse.CommandEntity): void {
    const known = this.clientIdOfOrder(command.orderId);
    this.putCommand(command);
    const learned = this.clientIdOfOrder(command.orderId);
    if (learned !== null && known === null) this.onClientId(command.orderId, learned);
  }

  private emitOnce(key: string, value: FlatValues, event: BrokerEvent, events: BrokerEvent[]): void {
    const previous = this.emitted.get(key);
    if (previous && sameFlatValues(previous, value)) return;
    this.emitted.set(key, { ...value });
    events.push(event);
  }

  private emitOrder(orderId: number, events: BrokerEvent[]): void {
    const order = this.brokerOrder(String(orderId));
    if (order) this.emitOnce(`order:${orderId}`, order, { kind: 'order', order }, events);
  }

  private emitFill(fillId: number, events: BrokerEvent[]): void {
    const fill = this.fillsById.get(fillId);
    const order = fill ? this.ordersById.get(fill.orderId) : undefined;
    if (!fill || !order || this.seenFills.has(fillId)) return;
    this.seenFills.add(fillId);
    events.push({
      kind: 'fill',
      fillId: String(fill.id),
      orderId: String(fill.orderId),
      clientOrderId: this.clientIdOf(fill.orderId),
      accountExternalId: String(order.accountId),
      symbol: this.symbolOf(fill.contractId),
      side: fill.action === 'Buy' ? 'buy' : 'sell',
      qty: fill.qty,
      price: fill.price,
      time: fill.time,
    });
  }

  private emitPosition(position: parse.PositionEntity, events: BrokerEvent[]): void {
    const normalized = toBrokerPosition(position, this.symbolOf(position.contractId));
    this.emitOnce(
      `position:${positionKey(position)}`,
      normalized,
      { kind: 'position', position: normalized },
      events,
    );
  }

  private emitCash(accountId: number, events: BrokerEvent[]): void {
    const cash = this.cashByAccount.get(accountId);
    if (!cash) return;
    const account = toAccountSnapshot(cash);
    this.emitOnce(`account:${accountId}`, account, { kind: 'account', account }, events);
  }
}
