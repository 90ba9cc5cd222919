import type { FakeContext, FillSent, PenaltyResend, RequestRecord } from './context';
import { type Faults, noFaults } from './faults';
import type { Placed, Failure } from './fake-venue';
import type { SocketHub } from './socket-hub';
import type { Action, FakeOrder, OrderType } from './venue-types';

export interface HumanOrder {
  accountId: number;
  symbol: string;
  action: Action;
  qty: number;
  orderType?: OrderType;
  price?: number;
  stopPrice?: number;
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
    return this.ctx.venue.place({
      accountId: order.accountId,
      symbol: order.symbol,
      action: order.action,
      orderQty: order.qty,
      orderType: order.orderType ?? 'Market',
      price: order.price,
      stopPrice: order.stopPrice,
      isAutomated: false,
    });
  }

  /** Arms fault switches (merged into the current ones). */
  setFaults(faults: Partial<Faults>): void {
    Object.assign(this.ctx.faults, faults);
  }

  clearFaults(): void {
    Object.assign(this.ctx.faults, noFaults());
  }

  shutdown(reasonCode = 'Maintenance'): void {
    this.hub.shutdown(reasonCode);
  }

  closeSockets(code = 1000, reason = 'Closed by server'): void {
    this.hub.closeAll(code, reason);
  }

  socketCount(): number {
    return this.hub.size;
  }

  orders(): FakeOrder[] {
    return [...this.ctx.venue.orders.values()].map((order) => ({ ...order }));
  }

  requests(filter?: string): RequestRecord[] {
    return this.ctx.requests.filter((r) => !filter || r.endpoint.includes(filter));
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
