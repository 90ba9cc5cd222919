import { productOf, roundToTick } from './catalog';
import * as json from './entities';
import type {
  CommandType,
  FakeAccount,
  FakeCommand,
  FakeCommandReport,
  FakeContract,
  FakeFill,
  FakeOrder,
  FakePosition,
  FakeUser,
  PropsEvent,
} from './venue-types';

type Listener = (userId: number, events: PropsEvent[]) => void;

/**
 * The fake exchange's memory: users, accounts, contracts, orders, fills, positions and prices. Every change
 * is recorded as a `props` event for the owning user; events of one operation are delivered as one batch.
 */
export class VenueState {
  readonly users = new Map<number, FakeUser>();
  readonly accounts = new Map<number, FakeAccount>();
  readonly contracts = new Map<number, FakeContract>();
  readonly orders = new Map<number, FakeOrder>();
  readonly fills = new Map<number, FakeFill>();
  readonly positions = new Map<string, FakePosition>();
  readonly prices = new Map<number, number>();
  readonly commands = new Map<number, FakeCommand>();
  readonly commandReports = new Map<number, FakeCommandReport>();
  private readonly listeners = new Set<Listener>();
  private pending: Map<number, PropsEvent[]> | null = null;
  private ids = 1000;

  nextId(): number {
    this.ids += 1;
    return this.ids;
  }

  onEvents(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs an operation and delivers its events together, in the order they happened. */
  batch<T>(operation: () => T): T {
    if (this.pending) return operation();
    this.pending = new Map();
    try {
      return operation();
    } finally {
      const pending = this.pending;
      this.pending = null;
      for (const [userId, events] of pending) for (const listener of this.listeners) listener(userId, events);
    }
  }

  emit(
    accountId: number,
    entityType: string,
    eventType: 'Created' | 'Updated' | 'Deleted',
    entity: Record<string, unknown>,
  ): void {
    const userId = this.accounts.get(accountId)?.userId;
    if (userId === undefined) return;
    const event: PropsEvent = { e: 'props', d: { entityType, eventType, entity } };
    if (!this.pending) return this.batch(() => this.emit(accountId, entityType, eventType, entity));
    const list = this.pending.get(userId) ?? [];
    list.push(event);
    this.pending.set(userId, list);
  }

  /** Records a command on an order, accepted by risk, with its report; both are published as props. */
  recordCommand(
    order: FakeOrder,
    commandType: CommandType,
    clOrdId: string | null,
    isAutomated: boolean,
  ): FakeCommand {
    const timestamp = json.isoNow();
    const command: FakeCommand = {
      id: this.nextId(),
      orderId: order.id,
      timestamp,
      clOrdId,
      commandType,
      commandStatus: 'RiskPassed',
      isAutomated,
      archived: false,
    };
    this.commands.set(command.id, command);
    order.commandId = command.id;
    const report: FakeCommandReport = {
      id: this.nextId(),
      commandId: command.id,
      timestamp,
      commandStatus: 'RiskPassed',
      ordStatus: order.ordStatus,
    };
    this.commandReports.set(report.id, report);
    this.emit(order.accountId, 'command', 'Created', json.commandJson(command));
    this.emit(order.accountId, 'commandReport', 'Created', json.commandReportJson(report));
    return command;
  }

  addUser(
    name: string,
    accountNames: Array<{ name: string; balance?: number }>,
  ): { user: FakeUser; accounts: FakeAccount[] } {
    const user: FakeUser = {
      id: this.nextId(),
      name,
      fullName: name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
    };
    this.users.set(user.id, user);
    const accounts = accountNames.map((spec) => {
      const account: FakeAccount = {
        id: this.nextId(),
        name: spec.name,
        userId: user.id,
        amount: spec.balance ?? 50_000,
        realizedPnL: 0,
        active: true,
      };
      this.accounts.set(account.id, account);
      return account;
    });
    return { user, accounts };
  }

  accountsOf(userId: number): FakeAccount[] {
    return [...this.accounts.values()].filter((account) => account.userId === userId);
  }

  /** Contracts exist once named (ESZ6); unknown names are refused as Tradovate would. */
  contractBySymbol(symbol: string): FakeContract | undefined {
    for (const contract of this.contracts.values()) if (contract.name === symbol) return contract;
    const product = productOf(symbol);
    if (!product) return undefined;
    const contract: FakeContract = {
      id: this.nextId(),
      name: symbol,
      productName: product.name,
      tickSize: product.tickSize,
      valuePerPoint: product.valuePerPoint,
    };
    this.contracts.set(contract.id, contract);
    this.prices.set(contract.id, product.basePrice);
    return contract;
  }

  priceOf(contractId: number): number {
    return this.prices.get(contractId) ?? 0;
  }

  /** One step of the random walk: one tick up or down per contract. */
  walkPrices(): number[] {
    const moved: number[] = [];
    for (const [contractId, price] of this.prices) {
      const tick = this.contracts.get(contractId)?.tickSize ?? 0.25;
      this.prices.set(contractId, roundToTick(price + (Math.random() < 0.5 ? -tick : tick), tick));
      moved.push(contractId);
    }
    return moved;
  }

  ordersOf(userId: number): FakeOrder[] {
    return [...this.orders.values()].filter((order) => this.accounts.get(order.accountId)?.userId === userId);
  }

  /** The user's commands that the lists still return. */
  commandsOf(userId: number): FakeCommand[] {
    return [...this.commands.values()].filter((command) => {
      const order = this.orders.get(command.orderId);
      return (
        !command.archived && order !== undefined && this.accounts.get(order.accountId)?.userId === userId
      );
    });
  }

  commandReportsOf(userId: number): FakeCommandReport[] {
    const mine = new Set(this.commandsOf(userId).map((command) => command.id));
    return [...this.commandReports.values()].filter((report) => mine.has(report.commandId));
  }

  fillsOf(userId: number): FakeFill[] {
    return [...this.fills.values()].filter((fill) => {
      const order = this.orders.get(fill.orderId);
      return order !== undefined && this.accounts.get(order.accountId)?.userId === userId;
    });
  }

  positionsOf(userId: number): FakePosition[] {
    return [...this.positions.values()].filter(
      (position) => this.accounts.get(position.accountId)?.userId === userId,
    );
  }

  /**
   * The `user/syncrequest` snapshot; `accounts` (the request's filter) keeps only those accounts and what hangs
   * off them (orders, their versions, commands and fills, positions, balances, risk statuses).
   */
  snapshot(userId: number, onlyAccounts?: Set<number>): Record<string, unknown> {
    const user = this.users.get(userId);
    const kept = (accountId: number): boolean => onlyAccounts === undefined || onlyAccounts.has(accountId);
    const accounts = this.accountsOf(userId).filter((a) => kept(a.id));
    const orders = this.ordersOf(userId).filter((o) => kept(o.accountId));
    const orderIds = new Set(orders.map((o) => o.id));
    const positions = this.positionsOf(userId).filter((p) => kept(p.accountId));
    const commands = this.commandsOf(userId).filter((c) => orderIds.has(c.orderId));
    const commandIds = new Set(commands.map((c) => c.id));
    const contractIds = new Set([...orders.map((o) => o.contractId), ...positions.map((p) => p.contractId)]);
    return {
      users: user ? [{ id: user.id, name: user.name, status: 'Active' }] : [],
      accounts: accounts.map(json.accountJson),
      accountRiskStatuses: accounts.map((account) => json.accountRiskStatusJson(account.id)),
      cashBalances: accounts.map(json.cashBalanceJson),
      positions: positions.map(json.positionJson),
      orders: orders.map(json.orderJson),
      orderVersions: orders.map(json.orderVersionJson),
      commands: commands.map(json.commandJson),
      commandReports: this.commandReportsOf(userId)
        .filter((r) => commandIds.has(r.commandId))
        .map(json.commandReportJson),
      executionReports: [],
      fills: this.fillsOf(userId)
        .filter((f) => orderIds.has(f.orderId))
        .map(json.fillJson),
      fillPairs: [],
      contracts: [...contractIds].flatMap((id) => {
        const contract = this.contracts.get(id);
        return contract ? [json.contractJson(contract)] : [];
      }),
      products: [],
    };
  }
}
