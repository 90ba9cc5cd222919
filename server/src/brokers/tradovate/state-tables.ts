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
  }

  rememberClientId(orderId: number, clientOrderId: string): void {
    this.clientIds.set(orderId, clientOrderId);
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
    if (command.commandType === 'New' && command.clOrdId !== null && !this.clientIds.has(command.orderId))
      this.clientIds.set(command.orderId, command.clOrdId);
  }

  protected putCommandReport(report: CommandReportEntity): void {
    if (report.reason !== null) this.commandReasons.set(report.commandId, report.reason);
  }

  protected commandReasonOf(orderId: number): string | null {
    for (const command of this.commandsById.values())
      if (command.orderId === orderId && this.commandReasons.has(command.id))
        return this.commandReasons.get(command.id) ?? null;
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
    // Keep the parent if a later update leaves it out.
    this.ordersById.set(order.id, {
      ...order,
      ordStatus: status,
      parentId: order.parentId ?? known?.parentId ?? null,
    });
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
    this.fillsById.set(fill.id, fill);
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
    for (const fill of this.fillsById.values()) if (fill.orderId === orderId) total += fill.qty;
    return Math.max(total, this.reportsByOrder.get(orderId)?.cumQty ?? 0);
  }
}
