import type { FakeContext, FillSent, PenaltyResend, RequestRecord } from './context';
import { type Faults, noFaults } from './faults';
import type { BracketSpec, Failure, ModifyChange, Placed } from './fake-venue';
import type { SocketHub } from './socket-hub';
import type { Action, FakeFill, FakeOrder, OrderType } from './venue-types';

export interface HumanOrder {
  accountId: number;
  symbol: string;
  action: Action;
  qty: number;
  orderType?: OrderType;
  price?: number;
  stopPrice?: number;
  /** Trailing stops: the distance the stop keeps from the market. */
  pegDifference?: number;
  /** Market orders: fill in these parts, then the rest (partial fills). */
  parts?: number[];
  /** A bracket by hand (Tradovate's ATM): one or two children, suspended until the entry fills (placeOSO). */
  brackets?: BracketSpec[];
}

/** What a test (or `POST /__control/...`) can do to the fake: seed users, move prices, trade by hand, break things. */
export class FakeControl {
  constructor(
    private readonly ctx: FakeContext,
    private readonly hub: SocketHub,
  ) {}

  addUser(
    name: string,
    accounts: Array<{ name: string; balance?: number }>,
  ): { userId: number; accounts: Array<{ id: number; name: string }> } {
    const { user, accounts: created } = this.ctx.venue.addUser(name, accounts);
    return { userId: user.id, accounts: created.map((a) => ({ id: a.id, name: a.name })) };
  }

  /** A token without the consent page (tests that are not about OAuth). */
  issueToken(userId: number, lifetimeSec?: number): { accessToken: string; expiresAt: number } {
    return this.ctx.tokens.issue(userId, lifetimeSec);
  }

  /** A refresh token, as the OAuth code exchange hands out. */
  issueRefreshToken(userId: number): string {
    return this.ctx.tokens.issueRefresh(userId);
  }

  /** Calls of a per-IP limited endpoint counted in the current window. */
  ipCount(endpoint: string): number {
    return this.ctx.ipLimits.counted(endpoint);
  }

  /** Requests of a user counted by the per-user limit in the current minute (0 when the limit is off). */
  userRequestsInMinute(userId: number): number {
    return this.ctx.userLimits?.countedInMinute(userId) ?? 0;
  }

  /** Penalty tickets and lockouts the per-user limit handed this user. */
  userRefusals(userId: number): { tickets: number; lockouts: number } {
    return { ...(this.ctx.userLimits?.refusals.get(userId) ?? { tickets: 0, lockouts: 0 }) };
  }

  setTokenLifetime(seconds: number): void {
    this.ctx.tokens.lifetimeSec = seconds;
  }

  setPrice(symbol: string, price: number): void {
    this.ctx.venue.setPrice(symbol, price);
  }

  priceOf(symbol: string): number {
    const contract = this.ctx.venue.contractBySymbol(symbol);
    return contract ? this.ctx.venue.priceOf(contract.id) : NaN;
  }

  /** An order as if a human clicked in Tradovate's own app (a leader trade). */
  placeHumanOrder(order: HumanOrder): Placed | Failure {
    return this.ctx.venue.place(
      {
        accountId: order.accountId,
        symbol: order.symbol,
        action: order.action,
        orderQty: order.qty,
        orderType: order.orderType ?? 'Market',
        price: order.price,
        stopPrice: order.stopPrice,
        pegDifference: order.pegDifference,
        isAutomated: false,
        ...(order.parts ? { fillParts: order.parts } : {}),
      },
      order.brackets,
    );
  }

  /** Two orders by hand, one cancels the other (placeOCO): a stop and a target for a position held. */
  placeHumanOco(order: HumanOrder, other: BracketSpec): { orderId: number; ocoId: number } | Failure {
    return this.ctx.venue.placeOco(
      {
        accountId: order.accountId,
        symbol: order.symbol,
        action: order.action,
        orderQty: order.qty,
        orderType: order.orderType ?? 'Limit',
        price: order.price,
        stopPrice: order.stopPrice,
        isAutomated: false,
      },
      other,
    );
  }

  /** A modification made by hand in Tradovate's app. */
  modifyHumanOrder(orderId: number, change: ModifyChange): { commandId: number } | Failure {
    return this.ctx.venue.modify(orderId, change);
  }

  cancelHumanOrder(orderId: number): { commandId: number } | Failure {
    return this.ctx.venue.cancel(orderId);
  }

  /** Tradovate's "Exit at market and cancel" for one contract, by hand. */
  liquidateHuman(accountId: number, symbol: string): Placed | { commandId: number } | Failure {
    const contract = this.ctx.venue.contractBySymbol(symbol);
    return this.ctx.venue.liquidate(accountId, contract?.id ?? -1, false);
  }

  /** Arms fault switches (merged into the current ones). */
  setFaults(faults: Partial<Faults>): void {
    Object.assign(this.ctx.faults, faults);
  }

  clearFaults(): void {
    Object.assign(this.ctx.faults, noFaults());
  }

  /** Commands vanish from lists and sync answers (a history Tradovate no longer returns); orders stay. */
  archiveCommands(): number {
    let archived = 0;
    for (const command of this.ctx.venue.commands.values())
      if (!command.archived) {
        command.archived = true;
        archived += 1;
      }
    return archived;
  }

  shutdown(reasonCode = 'Maintenance'): void {
    this.hub.shutdown(reasonCode);
  }

  closeSockets(code = 1000, reason = 'Closed by server'): void {
    this.hub.closeAll(code, reason);
  }

  /** The connections vanish without a close frame (a network cut): clients notice by themselves. */
  dropSockets(): void {
    this.hub.dropAll();
  }

  socketCount(): number {
    return this.hub.size;
  }

  orders(): FakeOrder[] {
    return [...this.ctx.venue.orders.values()].map((order) => ({ ...order }));
  }

  fills(): FakeFill[] {
    return [...this.ctx.venue.fills.values()].map((fill) => ({ ...fill }));
  }

  /** The venue's net position of an account in a contract (the broker's truth). */
  netPosition(accountId: number, symbol: string): number {
    const contract = this.ctx.venue.contractBySymbol(symbol);
    return this.ctx.venue.positions.get(`${accountId}:${contract?.id ?? -1}`)?.netPos ?? 0;
  }

  /** Open positions with their contract names. */
  positions(): Array<{ accountId: number; symbol: string; netPos: number }> {
    return [...this.ctx.venue.positions.values()]
      .filter((position) => position.netPos !== 0)
      .map((position) => ({
        accountId: position.accountId,
        symbol: this.ctx.venue.contracts.get(position.contractId)?.name ?? '',
        netPos: position.netPos,
      }));
  }

  /** How many requests are still on their way to the venue (`lateArrival`): a test waits for them to land. */
  arriving(): number {
    return this.ctx.arriving;
  }

  requests(filter?: string): RequestRecord[] {
    return this.ctx.requests.filter((r) => !filter || r.endpoint.includes(filter));
  }

  /** Calls the listener with each request as the fake logs it, until the returned function is called. */
  onRequest(listener: (record: RequestRecord) => void): () => void {
    this.ctx.requestListeners.push(listener);
    return () => {
      const at = this.ctx.requestListeners.indexOf(listener);
      if (at >= 0) this.ctx.requestListeners.splice(at, 1);
    };
  }

  /** Requests from the `from`-th on (benches poll this without copying the whole log each time). */
  requestsFrom(from: number): RequestRecord[] {
    return this.ctx.requests.slice(from);
  }

  penaltyResends(): PenaltyResend[] {
    return [...this.ctx.penaltyResends];
  }

  /** When each fill frame left on a socket (performance.now()), for latency benches. */
  fillsSent(): FillSent[] {
    return [...this.ctx.fillsSent];
  }

  clearLogs(): void {
    this.ctx.requests.length = 0;
    this.ctx.penaltyResends.length = 0;
    this.ctx.fillsSent.length = 0;
  }
}
