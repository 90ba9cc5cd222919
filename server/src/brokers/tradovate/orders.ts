import { ocoSiblingCommand } from '../shared/oco-sibling';
import { pendingOrder } from '../shared/pending-order';
import type { UncertainSends } from '../shared/uncertain-sends';
import {
  BrokerError,
  type BrokerOrder,
  type ModifyOrderCommand,
  type OcoSibling,
  type PlaceOrderCommand,
} from '../types';
import type { SessionClientOrderIds } from './client-order-ids';
import type { SessionOcoSiblings } from './oco-siblings';
import type { FeedState } from './feed-state';
import { isRecord, type JsonRecord, optNumber, preview } from './json';
import { modificationPricing, type OrderVersions, placementPricing } from './order-shapes';
import type { TradovateRest } from './rest-client';

export interface OrderContext {
  rest: TradovateRest;
  state: FeedState;
  clientIds: SessionClientOrderIds;
  /** The second order of each `placeOCO` we send → the first's client order id (`oco-siblings.ts`). */
  ocoSiblings: SessionOcoSiblings;
  /** Order versions of every session of this server: a mirror copies its leader order's own type. */
  versions: OrderVersions;
  /** Placements whose answer was lost: their look-up waits until the request could no longer land. */
  uncertainSends: UncertainSends;
}

const opposite = (side: 'buy' | 'sell'): 'Buy' | 'Sell' => (side === 'buy' ? 'Sell' : 'Buy');

function accountOf(ctx: OrderContext, accountExternalId: string): { id: number; name: string } {
  // By id, not a scan of the login's accounts on every order; the external id must still be the id's own text.
  const account = ctx.state.account(Number(accountExternalId));
  if (!account || String(account.id) !== accountExternalId)
    throw new BrokerError(
      `Account ${accountExternalId} is not an account of this Tradovate user`,
      'rejected',
    );
  return account;
}

export async function placeOrder(ctx: OrderContext, command: PlaceOrderCommand): Promise<BrokerOrder> {
  if (!(command.qty > 0) || !Number.isInteger(command.qty))
    throw new BrokerError(`Invalid quantity ${command.qty}`, 'rejected');
  const account = accountOf(ctx, command.accountExternalId);
  const body: JsonRecord = {
    accountSpec: account.name,
    accountId: account.id,
    action: command.side === 'buy' ? 'Buy' : 'Sell',
    symbol: command.symbol,
    orderQty: command.qty,
    ...placementPricing(ctx.versions, command),
    timeInForce: command.type === 'Market' ? 'Day' : 'GTC',
    clOrdId: command.clientOrderId,
    isAutomated: true,
  };
  if (command.oco !== undefined) return placeOco(ctx, command, command.oco, body);
  const { stopLoss, takeProfit } = command.bracket ?? {};
  const brackets: JsonRecord[] = [];
  if (stopLoss !== undefined)
    brackets.push({ action: opposite(command.side), orderType: 'Stop', stopPrice: stopLoss });
  if (takeProfit !== undefined)
    brackets.push({ action: opposite(command.side), orderType: 'Limit', price: takeProfit });
  const [bracket1, bracket2] = brackets;
  const path = bracket1 ? 'order/placeoso' : 'order/placeorder';
  const reply = await ctx.uncertainSends.send(command.clientOrderId, () =>
    ctx.rest.call({
      method: 'POST',
      path,
      body: bracket1 ? { ...body, bracket1, ...(bracket2 ? { bracket2 } : {}) } : body,
      command: true,
    }),
  );
  return placed(ctx, command, path, reply);
}

/** The order an answer names; an answer without an order id leaves the placement to be looked up, not resent. */
function placed(ctx: OrderContext, command: PlaceOrderCommand, path: string, reply: unknown): BrokerOrder {
  const orderId = isRecord(reply) ? optNumber(reply, 'orderId') : undefined;
  if (orderId === undefined) {
    ctx.uncertainSends.note(command.clientOrderId);
    throw new BrokerError(`Tradovate answered ${path} without an order id: ${preview(reply)}`, 'uncertain');
  }
  ctx.state.rememberClientId(orderId, command.clientOrderId);
  ctx.clientIds.remember(orderId, command.clientOrderId);
  return ctx.state.brokerOrder(String(orderId)) ?? pendingOrder(String(orderId), command);
}

/**
 * A stop and a target linked one-cancels-other, as Tradovate's own `placeOCO` (PlaceOCO.md: the order plus
 * `other`, a RestrainedOrderVersion). The pair is stored before it is sent: after a lost answer the second order
 * is found through the first's `linkedId` (`lookup.ts`), since only the first's client order id is sure to be
 * on a command Tradovate keeps. One request for both, so the pair is placed once or not at all.
 */
async function placeOco(
  ctx: OrderContext,
  command: PlaceOrderCommand,
  sibling: OcoSibling,
  body: JsonRecord,
): Promise<BrokerOrder> {
  if (command.type === 'Market')
    throw new BrokerError('A market order cannot be one of a one-cancels-other pair', 'rejected');
  const siblingCommand = ocoSiblingCommand(command, sibling);
  await ctx.ocoSiblings.remember(command.clientOrderId, sibling.clientOrderId);
  const other: JsonRecord = {
    action: command.side === 'buy' ? 'Buy' : 'Sell',
    clOrdId: sibling.clientOrderId,
    ...placementPricing(ctx.versions, siblingCommand),
    timeInForce: 'GTC',
  };
  const path = 'order/placeoco';
  const reply = await ctx.uncertainSends.send(command.clientOrderId, () =>
    ctx.rest.call({ method: 'POST', path, body: { ...body, other }, command: true }),
  );
  const first = placed(ctx, command, path, reply);
  const ocoId = isRecord(reply) ? optNumber(reply, 'ocoId') : undefined;
  // Without `ocoId` the second order is still found later, through the first's `linkedId`.
  if (ocoId !== undefined) {
    ctx.state.rememberClientId(ocoId, sibling.clientOrderId);
    ctx.clientIds.remember(ocoId, sibling.clientOrderId);
  }
  return first;
}

export async function modifyOrder(ctx: OrderContext, command: ModifyOrderCommand): Promise<void> {
  accountOf(ctx, command.accountExternalId);
  const pricing = modificationPricing(ctx.state.versionOf(Number(command.orderId)), command);
  // A trailing stop whose quantity stays: its stop follows the market by itself, nothing to send.
  if (pricing === null) return;
  await ctx.rest.call({
    method: 'POST',
    path: 'order/modifyorder',
    body: { orderId: Number(command.orderId), orderQty: command.qty, ...pricing, isAutomated: true },
    command: true,
  });
}

export async function cancelOrder(
  ctx: OrderContext,
  accountExternalId: string,
  orderId: string,
): Promise<void> {
  accountOf(ctx, accountExternalId);
  await ctx.rest.call({
    method: 'POST',
    path: 'order/cancelorder',
    body: { orderId: Number(orderId), isAutomated: true },
    command: true,
  });
}
