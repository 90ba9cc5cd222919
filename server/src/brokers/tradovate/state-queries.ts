import type { AccountSnapshot, BrokerOrder, BrokerPosition } from '../types';
import type { TradovateAccount } from './accounts';
import type { OrderVersionEntity } from './entities';
import { toAccountSnapshot, toBrokerOrder, toBrokerPosition } from './normalize';
import { StateTables } from './state-tables';

/** Reads of the feed state in the engine's normalized shapes (orders are joined from order + version + fills). */
export class StateQueries extends StateTables {
  brokerOrder(orderId: string): BrokerOrder | null {
    const order = this.ordersById.get(Number(orderId));
    if (!order) return null;
    return toBrokerOrder({
      order,
      version: this.versionsByOrder.get(order.id),
      report: this.reportsByOrder.get(order.id),
      commandReason: this.commandReasonOf(order.id),
      filledQty: this.filledQtyOf(order.id),
      clientOrderId: this.clientIdOf(order.id),
      symbol: this.symbolOf(order.contractId),
    });
  }

  /** The order's latest version as Tradovate sent it (its own order type, `pegDifference`). */
  versionOf(orderId: number): OrderVersionEntity | undefined {
    return this.versionsByOrder.get(orderId);
  }

  allOrders(): BrokerOrder[] {
    return [...this.ordersById.keys()].flatMap((id) => this.brokerOrder(String(id)) ?? []);
  }

  /** From the index of orders not final: reconciliation asks for this on every leader event. */
  workingOrders(): BrokerOrder[] {
    const working: BrokerOrder[] = [];
    for (const orderId of this.workingIds) {
      const joined = this.brokerOrder(String(orderId));
      if (joined) working.push(joined);
    }
    return working;
  }

  positions(): BrokerPosition[] {
    return [...this.positionsByKey.values()]
      .filter((position) => position.netPos !== 0)
      .map((position) => toBrokerPosition(position, this.symbolOf(position.contractId)));
  }

  snapshots(): AccountSnapshot[] {
    return [...this.cashByAccount.values()].map(toAccountSnapshot);
  }

  accounts(): TradovateAccount[] {
    return [...this.accountsById.values()];
  }

  account(id: number): TradovateAccount | undefined {
    return this.accountsById.get(id);
  }

  findByClientId(accountExternalId: string, clientOrderId: string): BrokerOrder | null {
    for (const orderId of this.ordersOfClientId(clientOrderId)) {
      const order = this.brokerOrder(String(orderId));
      if (order?.accountExternalId === accountExternalId) return order;
    }
    return null;
  }

  /** Open positions with their Tradovate contract ids (what `liquidateposition` needs). */
  openPositions(accountId: number): Array<{ contractId: number; symbol: string; netPos: number }> {
    return [...this.positionsByKey.values()]
      .filter((position) => position.accountId === accountId && position.netPos !== 0)
      .map((position) => ({
        contractId: position.contractId,
        symbol: this.symbolOf(position.contractId),
        netPos: position.netPos,
      }));
  }
}
