import type { BrokerEvent } from '../types';
import { parseAccount } from './accounts';
import * as parse from './entities';
import { isRecord, oneOrMany } from './json';
import { toAccountSnapshot, toBrokerPosition } from './normalize';
import { StateQueries } from './state-queries';

/**
 * What the user-data feed told us: filled from the sync snapshot, kept current by `props` events, and turned
 * into normalized events. Every emission is deduplicated, so duplicated or replayed events change nothing.
 */
export class FeedState extends StateQueries {
  private readonly emitted = new Map<string, string>();
  private readonly seenFills = new Set<number>();

  /** Orders and versions read over REST (a lookup after an uncertain answer); the feed will confirm them. */
  absorbOrders(orders: unknown[], versions: unknown[]): void {
    for (const order of orders) this.putOrder(parse.parseOrder(order));
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
      for (const order of oneOrMany(part.orders)) this.putOrder(parse.parseOrder(order));
      for (const version of oneOrMany(part.orderVersions)) this.putVersion(parse.parseOrderVersion(version));
      for (const report of oneOrMany(part.executionReports))
        this.putReport(parse.parseExecutionReport(report));
      for (const fill of oneOrMany(part.fills)) this.putFill(parse.parseFill(fill));
      for (const position of oneOrMany(part.positions)) this.putPosition(parse.parsePosition(position));
      for (const cash of oneOrMany(part.cashBalances)) this.putCash(parse.parseCashBalance(cash));
    }
    const events: BrokerEvent[] = [];
    for (const order of this.allOrders()) this.emitOrder(order.orderId, events);
    for (const fill of this.fillsById.values()) this.emitFill(fill.id, events);
    for (const old of previousPositions) {
      if (!this.positionsByKey.has(`${old.accountId}:${old.contractId}`))
        this.emitPosition({ ...old, netPos: 0 }, events);
    }
    for (const position of this.positionsByKey.values()) this.emitPosition(position, events);
    for (const cash of this.cashByAccount.values()) this.emitCash(cash.accountId, events);
    // The first snapshot is history, not news: remember it so later updates are compared against it.
    return emitChanges ? events : [];
  }

  /** Applies one `props` event (entity as an object or an array) and returns the normalized events. */
  apply(entityType: string, eventType: string, entity: unknown): BrokerEvent[] {
    const events: BrokerEvent[] = [];
    for (const item of oneOrMany(entity)) {
      if (entityType === 'order') {
        const order = parse.parseOrder(item);
        this.putOrder(order);
        this.emitOrder(String(order.id), events);
        // A fill that arrived before its order could not be attributed yet.
        for (const fill of this.fillsById.values())
          if (fill.orderId === order.id) this.emitFill(fill.id, events);
      } else if (entityType === 'orderVersion') {
        const version = parse.parseOrderVersion(item);
        this.putVersion(version);
        this.emitOrder(String(version.orderId), events);
      } else if (entityType === 'executionReport') {
        const report = parse.parseExecutionReport(item);
        this.putReport(report);
        this.emitOrder(String(report.orderId), events);
      } else if (entityType === 'fill') {
        const fill = parse.parseFill(item);
        this.putFill(fill);
        this.emitFill(fill.id, events);
        this.emitOrder(String(fill.orderId), events);
      } else if (entityType === 'position') {
        const position = parse.parsePosition(item);
        const gone = eventType === 'Deleted' ? { ...position, netPos: 0 } : position;
        this.putPosition(gone);
        this.emitPosition(gone, events);
      } else if (entityType === 'cashBalance') {
        const cash = parse.parseCashBalance(item);
        this.putCash(cash);
        this.emitCash(cash.accountId, events);
      } else if (entityType === 'account') this.putAccount(parseAccount(item));
      else if (entityType === 'contract') this.putContract(parse.parseContract(item));
    }
    return events;
  }

  private emitOnce(key: string, value: unknown, event: BrokerEvent, events: BrokerEvent[]): void {
    const text = JSON.stringify(value);
    if (this.emitted.get(key) === text) return;
    this.emitted.set(key, text);
    events.push(event);
  }

  private emitOrder(orderId: string, events: BrokerEvent[]): void {
    const order = this.brokerOrder(orderId);
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
      `position:${position.accountId}:${position.contractId}`,
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
