import { BrokerError } from '../types';
import type { OrderContext } from './orders';
import { cancelOrder } from './orders';

/**
 * Flattens with `liquidateposition` per contract held (it also cancels that contract's orders), then cancels
 * the remaining working orders. Every step is tried; the first failure is reported afterwards.
 */
export async function flatten(ctx: OrderContext, accountExternalId: string, symbol?: string): Promise<void> {
  const accountId = Number(accountExternalId);
  if (!ctx.state.accounts().some((account) => account.id === accountId)) {
    throw new BrokerError(
      `Account ${accountExternalId} is not an account of this Tradovate user`,
      'rejected',
    );
  }
  const positions = ctx.state.openPositions(accountId).filter((p) => !symbol || p.symbol === symbol);
  const liquidated = new Set(positions.map((p) => p.symbol));
  const failures: unknown[] = [];
  await Promise.all(
    positions.map(async ({ contractId }) => {
      try {
        await ctx.rest.call({
          method: 'POST',
          path: 'order/liquidateposition',
          body: { accountId, contractId, admin: false, isAutomated: true },
          command: true,
        });
      } catch (error: unknown) {
        failures.push(error);
      }
    }),
  );
  const leftovers = ctx.state
    .workingOrders()
    .filter(
      (o) =>
        o.accountExternalId === accountExternalId &&
        (!symbol || o.symbol === symbol) &&
        !liquidated.has(o.symbol),
    );
  await Promise.all(
    leftovers.map((order) =>
      cancelOrder(ctx, accountExternalId, order.orderId).catch((error: unknown) => failures.push(error)),
    ),
  );
  if (failures.length > 0) throw failures[0];
}
