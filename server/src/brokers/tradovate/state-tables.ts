import type { TradovateAccount } from './accounts';
import type {
  CashBalanceEntity,
  CommandEntity,
  CommandReportEntity,
  ExecutionReportEntity,
  FillEntity,
  OrderEntity,
  OrderVersionEntity,
  PositionEntity,
} from './entities';

const finalStatuses = new Set(['Filled', 'Canceled', 'Rejected', 'Expired', 'Completed']);

/** The raw entity tables behind the feed state, keyed the way Tradovate joins them. */
export class StateTables {
  protected readonly accountsById = new Map<number, TradovateAccount>();
  protected readonly contractsById = new Map<number, string>();
  protected readonly ordersById = new Map<number, OrderEntity>();
  protected readonly versionsByOrder = new Map<number, OrderVersionEntity>();
  protected readonly reportsByOrder = new Map<number, ExecutionReportEntity>();
  protected readonly fillsById = new Map<number, FillEntity>();
  protected readonly positionsByKey = new Map<string, PositionEntity>();
  protected readonly cashByAccount = new Map<number, CashBalanceEntity>();
  protected readonly commandsById = new Map<number, CommandEntity>();
  /** Rejection reasons of commands (risk rejections come as command reports). */
  private readonly commandReasons = new Map<number, string>();
  /**
   * Order id → our client order id. Tradovate keeps `clOrdId` on the order's `New` command only; this map
   * also holds what the placeorder answer and the durable store told us, and survives snapshots.
   */
  private readonly clientIds = new Map<number, string>();
  /** Indexes of the tables above, so a read is not a scan of every command or fill the session saw. */
  private readonly ordersByClientId = new Map<string, Set<number>>();
  private readonly commandIdsByOrder = new Map<number, Set<number>>();
  private readonly ordersWithNewCommand = new Set<number>();
  private readonly fillIdsByOrder = new Map<number, Set<number>>();
  /**
   * Orders not in a final status, in the order first seen. Reconciliation asks for working orders after every
   * leader event, and a session holds every order of its day: a scan of them all grew with the session's age.
   * An order never leaves a final status, so it never comes back here once it left.
   */
  protected readonly workingIds = new Set<number>();

  protected clear(): void {
    this.accountsById.clear();
    this.ordersById.clear();
    this.versionsByOrder.clear();
    this.reportsByOrder.clear();
    this.fillsById.clear();
    this.positionsByKey.clear();
    this.cashByAccount.clear();
    this.commandsById.clear();
    this.commandReasons.clear();
    this.commandIdsByOrder.clear();
    this.ordersWithNewCommand.clear();
    this.fillIdsByOrder.clear();
    this.workingIds.clear();
  }

  rememberClientId(orderId: number, clientOrderId: string): void {
    const previous = this.clientIds.get(orderId);
    if (previous === clientOrderId) return;
    if (previous !== undefined) this.ordersByClientId.get(previous)?.delete(orderId);
    this.clientIds.set(orderId, clientOrderId);
    const orders = this.ordersByClientId.get(clientOrderId) ?? new Set<number>();
    orders.add(orderId);
    this.ordersByClientId.set(clientOrderId, orders);
  }

  /** The orders known under a client order id (one, unless Tradovate was told the same id twice). */
  protected ordersOfClientId(clientOrderId: string): number[] {
    return [...(this.ordersByClientId.get(clientOrderId) ?? [])];
  }

  /** Whether the order's `New` command has been seen. */
  protected hasNewCommand(orderId: number): boolean {
    return this.ordersWithNewCommand.has(orderId);
  }

  protected fillIdsOf(orderId: number): number[] {
    return [...(this.fillIdsByOrder.get(orderId) ?? [])];
  }

  /** Orders in a final status, oldest first seen, beyond the newest `keep` of them. */
  protected finalOrdersBeyond(keep: number): number[] {
    let excess = this.ordersById.size - this.workingIds.size - keep;
    // Checked at every frame's end: nothing to do costs no iterator.
    if (excess <= 0) return [];
    const old: number[] = [];
    for (const orderId of this.ordersById.keys()) {
      if (excess <= 0) break;
      if (this.workingIds.has(orderId)) continue;
      old.push(orderId);
      excess -= 1;
    }
    return old;
  }

  /** Drops an order and what is known only through it (versions, reports, fills, commands, client order id). */
  protected dropOrder(orderId: number): number[] {
    const fillIds = this.fillIdsOf(orderId);
    for (const fillId of fillIds) this.fillsById.delete(fillId);
    for (const commandId of this.commandIdsByOrder.get(orderId) ?? []) {
      this.commandsById.delete(commandId);
      this.commandReasons.delete(commandId);
    }
    const clientOrderId = this.clientIds.get(orderId);
    if (clientOrderId !== undefined) {
      const orders = this.ordersByClientId.get(clientOrderId);
      orders?.delete(orderId);
      if (orders?.size === 0) this.ordersByClientId.delete(clientOrderId);
    }
    this.ordersById.delete(orderId);
    this.versionsByOrder.delete(orderId);
    this.reportsByOrder.delete(orderId);
    this.fillIdsByOrder.delete(orderId);
    this.commandIdsByOrder.delete(orderId);
    this.ordersWithNewCommand.delete(orderId);
    this.clientIds.delete(orderId);
    this.workingIds.delete(orderId);
    return fillIds;
  }

  putAccount(account: TradovateAccount): void {
    this.accountsById.set(account.id, account);
  }

  putContract(contract: { id: number; name: string }): void {
    this.contractsById.set(contract.id, contract.name);
  }

  hasContract(contractId: number): boolean {
    return this.contractsById.has(contractId);
  }

  contractIdOf(symbol: string): number | undefined {
    for (const [id, name] of this.contractsById) if (name === symbol) return id;
    return undefined;
  }

  /** The client order id of an order, if we know it (the order's `New` command, our reply, the store). */
  clientIdOfOrder(orderId: number): string | null {
    return this.clientIds.get(orderId) ?? null;
  }

  protected putCommand(command: CommandEntity): void {
    this.commandsById.set(command.id, command);
    const ofOrder = this.commandIdsByOrder.get(command.orderId) ?? new Set<number>();
    ofOrder.add(command.id);
    this.commandIdsByOrder.set(command.orderId, ofOrder);
    if (command.commandType === 'New') this.ordersWithNewCommand.add(command.orderId);
    if (command.commandType === 'New' && command.clOrdId !== null && !this.clientIds.has(command.orderId))
      this.rememberClientId(command.orderId, command.clOrdId);
  }

  protected putCommandReport(report: CommandReportEntity): void {
    if (report.reason !== null) this.commandReasons.set(report.commandId, report.reason);
  }

  protected commandReasonOf(orderId: number): string | null {
    for (const commandId of this.commandIdsByOrder.get(orderId) ?? [])
      if (this.commandReasons.has(commandId)) return this.commandReasons.get(commandId) ?? null;
    return null;
  }

  protected putOrder(order: OrderEntity): void {
    const known = this.ordersById.get(order.id);
    // An order never comes back from a final status: such an update is older than what we hold (a `props`
    // event sent before the sync answer, applied after it).
    const status =
      known && finalStatuses.has(known.ordStatus) && !finalStatuses.has(order.ordStatus)
        ? known.ordStatus
        : order.ordStatus;
    // Keep the parent and the linked order if a later update leaves them out.
    this.ordersById.set(order.id, {
      ...order,
      ordStatus: status,
      parentId: order.parentId ?? known?.parentId ?? null,
      linkedId: order.linkedId ?? known?.linkedId ?? null,
    });
    if (finalStatuses.has(status)) this.workingIds.delete(order.id);
    else this.workingIds.add(order.id);
  }

  protected putVersion(version: OrderVersionEntity): void {
    const known = this.versionsByOrder.get(version.orderId);
    if (!known || known.id <= version.id) this.versionsByOrder.set(version.orderId, version);
  }

  protected putReport(report: ExecutionReportEntity): void {
    const known = this.reportsByOrder.get(report.orderId);
    if (!known || known.id <= report.id) {
      this.reportsByOrder.set(report.orderId, {
        ...report,
        cumQty: report.cumQty ?? known?.cumQty ?? null,
        reason: report.reason ?? known?.reason ?? null,
      });
    }
  }

  protected putFill(fill: FillEntity): void {
    const known = this.fillsById.get(fill.id);
    if (known && known.orderId !== fill.orderId) this.fillIdsByOrder.get(known.orderId)?.delete(fill.id);
    this.fillsById.set(fill.id, fill);
    const ofOrder = this.fillIdsByOrder.get(fill.orderId) ?? new Set<number>();
    ofOrder.add(fill.id);
    this.fillIdsByOrder.set(fill.orderId, ofOrder);
  }

  /** Applied unless older than what we hold (by Tradovate's timestamp): a late event never undoes a newer state. */
  protected putPosition(position: PositionEntity): void {
    const key = `${position.accountId}:${position.contractId}`;
    const known = this.positionsByKey.get(key);
    if (known && position.time !== 0 && position.time < known.time) return;
    this.positionsByKey.set(key, position);
  }

  protected putCash(cash: CashBalanceEntity): void {
    const known = this.cashByAccount.get(cash.accountId);
    if (known && cash.time !== 0 && cash.time < known.time) return;
    this.cashByAccount.set(cash.accountId, { ...cash, openPnL: cash.openPnL ?? known?.openPnL ?? null });
  }

  symbolOf(contractId: number): string {
    return this.contractsById.get(contractId) ?? `contract-${contractId}`;
  }

  protected clientIdOf(orderId: number): string | null {
    return this.clientIds.get(orderId) ?? null;
  }

  protected filledQtyOf(orderId: number): number {
    let total = 0;
    for (const fillId of this.fillIdsByOrder.get(orderId) ?? [])
      total += this.fillsById.get(fillId)?.qty ?? 0;
    return Math.max(total, this.reportsByOrder.get(orderId)?.cumQty ?? 0);
  }
}
