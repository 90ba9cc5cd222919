import type { TradovateAccount } from './accounts';
import type {
  CashBalanceEntity,
  ExecutionReportEntity,
  FillEntity,
  OrderEntity,
  OrderVersionEntity,
  PositionEntity,
} from './entities';

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
  /** Survives snapshots: what we placed ourselves, in case the broker's entities omit `clOrdId`. */
  private readonly clientIds = new Map<number, string>();

  protected clear(): void {
    this.accountsById.clear();
    this.ordersById.clear();
    this.versionsByOrder.clear();
    this.reportsByOrder.clear();
    this.fillsById.clear();
    this.positionsByKey.clear();
    this.cashByAccount.clear();
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

  protected putOrder(order: OrderEntity): void {
    const known = this.ordersById.get(order.id);
    // Keep the client id and parent if a later update leaves them out.
    this.ordersById.set(order.id, {
      ...order,
      clOrdId: order.clOrdId ?? known?.clOrdId ?? null,
      parentId: order.parentId ?? known?.parentId ?? null,
    });
  }

  protected putVersion(version: OrderVersionEntity): void {
    const known = this.versionsByOrder.get(version.orderId);
    if (!known || known.id <= version.id)
      this.versionsByOrder.set(version.orderId, {
        ...version,
        clOrdId: version.clOrdId ?? known?.clOrdId ?? null,
      });
  }

  protected putReport(report: ExecutionReportEntity): void {
    const known = this.reportsByOrder.get(report.orderId);
    if (!known || known.id <= report.id) {
      this.reportsByOrder.set(report.orderId, {
        ...report,
        clOrdId: report.clOrdId ?? known?.clOrdId ?? null,
        cumQty: report.cumQty ?? known?.cumQty ?? null,
        reason: report.reason ?? known?.reason ?? null,
      });
    }
  }

  protected putFill(fill: FillEntity): void {
    this.fillsById.set(fill.id, fill);
  }

  protected putPosition(position: PositionEntity): void {
    this.positionsByKey.set(`${position.accountId}:${position.contractId}`, position);
  }

  protected putCash(cash: CashBalanceEntity): void {
    const known = this.cashByAccount.get(cash.accountId);
    this.cashByAccount.set(cash.accountId, { ...cash, openPnL: cash.openPnL ?? known?.openPnL ?? null });
  }

  symbolOf(contractId: number): string {
    return this.contractsById.get(contractId) ?? `contract-${contractId}`;
  }

  protected clientIdOf(orderId: number): string | null {
    return (
      this.ordersById.get(orderId)?.clOrdId ??
      this.versionsByOrder.get(orderId)?.clOrdId ??
      this.reportsByOrder.get(orderId)?.clOrdId ??
      this.clientIds.get(orderId) ??
      null
    );
  }

  protected filledQtyOf(orderId: number): number {
    let total = 0;
    for (const fill of this.fillsById.values()) if (fill.orderId === orderId) total += fill.qty;
    return Math.max(total, this.reportsByOrder.get(orderId)?.cumQty ?? 0);
  }
}
