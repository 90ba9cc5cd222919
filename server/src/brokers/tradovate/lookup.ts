import type { BrokerOrder } from '../types';
import { asArray, isRecord, optString } from './json';
import type { OrderContext } from './orders';

/**
 * Finds an order by our client order id: the feed's state first, then Tradovate's order and orderVersion
 * lists, which carry `clOrdId` even when the feed has not caught up (an answer lost after acceptance).
 */
export async function findOrderByClientId(
  ctx: OrderContext,
  accountExternalId: string,
  clientOrderId: string,
): Promise<BrokerOrder | null> {
  const cached = ctx.state.findByClientId(accountExternalId, clientOrderId);
  if (cached) return cached;
  const [orders, versions] = await Promise.all([
    ctx.rest.call({ method: 'GET', path: 'order/list' }),
    ctx.rest.call({ method: 'GET', path: 'orderVersion/list' }),
  ]);
  const versionList = asArray(versions, 'orderVersion list');
  const orderIds = new Set<unknown>();
  for (const version of versionList) {
    if (isRecord(version) && optString(version, 'clOrdId') === clientOrderId) orderIds.add(version.orderId);
  }
  const matching = asArray(orders, 'order list').filter(
    (order) => isRecord(order) && (orderIds.has(order.id) || optString(order, 'clOrdId') === clientOrderId),
  );
  if (matching.length === 0) return null;
  const matchingIds = new Set(matching.map((order) => (isRecord(order) ? order.id : undefined)));
  ctx.state.absorbOrders(
    matching,
    versionList.filter((version) => isRecord(version) && matchingIds.has(version.orderId)),
  );
  return ctx.state.findByClientId(accountExternalId, clientOrderId);
}
