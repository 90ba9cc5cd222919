import { BrokerError, type BrokerOrder } from '../types';
import { resolveContracts } from './contracts';
import { asArray, isRecord, optNumber, optString } from './json';
import type { OrderContext } from './orders';

/**
 * Finds an order by our client order id. Tradovate keeps `clOrdId` on the order's `New` command only (not
 * on order, orderVersion or executionReport), so after an answer lost after acceptance the look-up goes:
 * the feed's state, then the durable store (orders we placed, even in an earlier session), then Tradovate's
 * `command/list`; the order itself is then read with `order/item` and `orderVersion/deps`.
 */
export async function findOrderByClientId(
  ctx: OrderContext,
  accountExternalId: string,
  clientOrderId: string,
): Promise<BrokerOrder | null> {
  // Not there yet is no proof after a lost answer (see UncertainSends): the look-up waits, watching the feed.
  return ctx.uncertainSends.find(
    clientOrderId,
    () => lookUp(ctx, accountExternalId, clientOrderId),
    () => ctx.state.findByClientId(accountExternalId, clientOrderId) !== null,
  );
}

async function lookUp(
  ctx: OrderContext,
  accountExternalId: string,
  clientOrderId: string,
): Promise<BrokerOrder | null> {
  const cached = ctx.state.findByClientId(accountExternalId, clientOrderId);
  if (cached) return cached;
  const orderId =
    (await ctx.clientIds.orderIdOf(clientOrderId)) ?? (await orderIdFromCommands(ctx, clientOrderId));
  if (orderId === null) return null;
  let order: unknown;
  try {
    order = await ctx.rest.call({ method: 'GET', path: 'order/item', query: { id: String(orderId) } });
  } catch (error: unknown) {
    if (error instanceof BrokerError && error.code === 'not_found') return null;
    throw error;
  }
  const versions = asArray(
    await ctx.rest.call({ method: 'GET', path: 'orderVersion/deps', query: { masterid: String(orderId) } }),
    'orderVersion list',
  );
  ctx.state.rememberClientId(orderId, clientOrderId);
  ctx.clientIds.remember(orderId, clientOrderId);
  // Read while the socket was away, the order may name a contract the feed has not seen yet.
  const contractId = isRecord(order) ? optNumber(order, 'contractId') : undefined;
  if (contractId !== undefined && !ctx.state.hasContract(contractId))
    await resolveContracts(ctx.rest, ctx.state, [contractId]);
  ctx.state.absorb([order], versions, []);
  return ctx.state.findByClientId(accountExternalId, clientOrderId);
}

async function orderIdFromCommands(ctx: OrderContext, clientOrderId: string): Promise<number | null> {
  const commands = asArray(await ctx.rest.call({ method: 'GET', path: 'command/list' }), 'command list');
  for (const command of commands) {
    if (!isRecord(command) || optString(command, 'clOrdId') !== clientOrderId) continue;
    const type = optString(command, 'commandType');
    const orderId = optNumber(command, 'orderId');
    if ((type === undefined || type === 'New') && orderId !== undefined) return orderId;
  }
  return null;
}
