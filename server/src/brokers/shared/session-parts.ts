import type { BrokerEvent, BrokerSession } from '../types';

/** A session's event listeners: what `subscribe` hands out and every normalized event goes to. */
export class SessionListeners {
  private readonly listeners = new Set<(event: BrokerEvent) => void>();

  readonly emit = (event: BrokerEvent): void => {
    for (const listener of this.listeners) listener(event);
  };

  readonly subscribe = (listener: (event: BrokerEvent) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  clear(): void {
    this.listeners.clear();
  }
}

type OrderCommandNames = 'findOrderByClientId' | 'placeOrder' | 'modifyOrder' | 'cancelOrder' | 'flatten';
type OrderCommands = Pick<BrokerSession, OrderCommandNames>;

/** An adapter's order functions, each taking the session's order context first. */
export type OrderFunctions<C> = {
  [K in OrderCommandNames]: (ctx: C, ...args: Parameters<OrderCommands[K]>) => ReturnType<OrderCommands[K]>;
};

/** The session's order commands, bound to its order context. */
export function orderCommands<C>(ctx: C, functions: OrderFunctions<C>): OrderCommands {
  return {
    findOrderByClientId: (account, clientOrderId) =>
      functions.findOrderByClientId(ctx, account, clientOrderId),
    placeOrder: (command) => functions.placeOrder(ctx, command),
    modifyOrder: (command) => functions.modifyOrder(ctx, command),
    cancelOrder: (account, orderId) => functions.cancelOrder(ctx, account, orderId),
    flatten: (account, symbol) => functions.flatten(ctx, account, symbol),
  };
}
