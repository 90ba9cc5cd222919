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
    (await ctx.clientIds.orderIdOf(clientOrderId)) ??
    (await orderIdFromCommands(ctx, clientOrderId)) ??
    (await ocoSiblingId(ctx, accountExternalId, clientOrderId));
  if (orderId === null) return null;
  return readOrder(ctx, accountExternalId, orderId, clientOrderId);
}

/**
 * The second order of a `placeOCO` we sent, whose own client order id Tradovate may not keep: found as the order
 * the first names in `linkedId`. Null when the pair was never placed (the first is not found either).
 */
async function ocoSiblingId(
  ctx: OrderContext,
  accountExternalId: string,
  clientOrderId: string,
): Promise<number | null> {
  const firstClientOrderId = await ctx.ocoSiblings.firstOf(clientOrderId);
  if (firstClientOrderId === null) return null;
  const first = await findOrderByClientId(ctx, accountExternalId, firstClientOrderId);
  if (first === null) return null;
  const linked = first.linkedOrderId;
  if (linked === undefined || linked === null)
    throw new BrokerError(`Tradovate has not told the order linked to ${first.orderId} yet`, 'uncertain');
  return Number(linked);
}

/** Reads an order by id (`order/item`, `orderVersion/deps`) into the feed's state under our client order id. */
async function readOrder(
  ctx: OrderContext,
  accountExternalId: string,
  orderId: number,
  clientOrderId: string,
): Promise<BrokerOrder | null> {
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
