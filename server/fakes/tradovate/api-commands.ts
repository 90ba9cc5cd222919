import { type ApiResult, type Body, num, ok, str } from './api-reads';
import type { FakeContext } from './context';
import type { BracketSpec } from './fake-venue';
import type { Action, OrderType } from './venue-types';

const unauthorized = (text: string): ApiResult => ok({ failureReason: 'Unauthorized', failureText: text });
const actionOf = (value: unknown): Action | undefined =>
  value === 'Buy' || value === 'Sell' ? value : undefined;
// The OrderType enum of the schema (PlaceOrder.md, ModifyOrder.md): Limit, MIT, Market, QTS, Stop, StopLimit,
// TrailingStop, TrailingStopLimit.
const orderTypes: OrderType[] = [
  'Market',
  'Limit',
  'Stop',
  'StopLimit',
  'MIT',
  'TrailingStop',
  'TrailingStopLimit',
  'QTS',
];
const typeOf = (value: unknown): OrderType | undefined => orderTypes.find((type) => type === value);

function bracketOf(value: unknown): BracketSpec | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Body;
  const action = actionOf(body.action);
  const orderType = typeOf(body.orderType);
  if (!action || !orderType) return undefined;
  return {
    action,
    orderType,
    price: num(body, 'price'),
    stopPrice: num(body, 'stopPrice'),
    pegDifference: num(body, 'pegDifference'),
  };
}

function ownsAccount(ctx: FakeContext, userId: number, accountId: number | undefined): boolean {
  return accountId !== undefined && ctx.venue.accounts.get(accountId)?.userId === userId;
}

/** Order commands; business failures come back as HTTP 200 bodies, as Tradovate does. */
export function handleCommand(
  ctx: FakeContext,
  endpoint: string,
  userId: number,
  body: Body,
): ApiResult | undefined {
  const { venue } = ctx;
  switch (endpoint) {
    case 'order/placeoco': {
      const accountId =
        num(body, 'accountId') ??
        venue.accountsOf(userId).find((a) => a.name === str(body, 'accountSpec'))?.id;
      if (!ownsAccount(ctx, userId, accountId) || accountId === undefined)
        return unauthorized('Access is denied to this account');
      const action = actionOf(body.action);
      const orderType = typeOf(body.orderType);
      const other = bracketOf(body.other);
      if (!action || !orderType || !other)
        return ok({ errorText: 'placeOCO needs action, orderType and other' });
      return ok(
        venue.placeOco(
          {
            accountId,
            symbol: str(body, 'symbol') ?? '',
            action,
            orderQty: num(body, 'orderQty') ?? 0,
            orderType,
            price: num(body, 'price'),
            stopPrice: num(body, 'stopPrice'),
            pegDifference: num(body, 'pegDifference'),
            clOrdId: str(body, 'clOrdId'),
            isAutomated: body.isAutomated === true,
          },
          other,
        ),
      );
    }
    case 'order/placeorder':
    case 'order/placeoso': {
      const accountId =
        num(body, 'accountId') ??
        venue.accountsOf(userId).find((a) => a.name === str(body, 'accountSpec'))?.id;
      if (!ownsAccount(ctx, userId, accountId) || accountId === undefined)
        return unauthorized('Access is denied to this account');
      const action = actionOf(body.action);
      const orderType = typeOf(body.orderType);
      if (!action || !orderType)
        return ok({
          errorText: `Invalid action or orderType (${String(body.action)}, ${String(body.orderType)})`,
        });
      const brackets =
        endpoint === 'order/placeoso'
          ? [bracketOf(body.bracket1), bracketOf(body.bracket2)].filter(
              (b): b is BracketSpec => b !== undefined,
            )
          : [];
      if (endpoint === 'order/placeoso' && brackets.length === 0)
        return ok({ errorText: 'placeOSO needs bracket1' });
      return ok(
        venue.place(
          {
            accountId,
            symbol: str(body, 'symbol') ?? '',
            action,
            orderQty: num(body, 'orderQty') ?? 0,
            orderType,
            price: num(body, 'price'),
            stopPrice: num(body, 'stopPrice'),
            pegDifference: num(body, 'pegDifference'),
            clOrdId: str(body, 'clOrdId'),
            // Optional in PlaceOrder.md; absent means a manual order.
            isAutomated: body.isAutomated === true,
          },
          brackets,
        ),
      );
    }
    case 'order/modifyorder': {
      const order = venue.orders.get(num(body, 'orderId') ?? -1);
      if (!order || !ownsAccount(ctx, userId, order.accountId))
        return ok({ failureReason: 'UnknownReason', failureText: 'Order not found' });
      return ok(
        venue.modify(
          order.id,
          {
            orderQty: num(body, 'orderQty'),
            orderType: typeOf(body.orderType),
            price: num(body, 'price'),
            stopPrice: num(body, 'stopPrice'),
            pegDifference: num(body, 'pegDifference'),
          },
          body.isAutomated === true,
          str(body, 'clOrdId'),
        ),
      );
    }
    case 'order/cancelorder': {
      const order = venue.orders.get(num(body, 'orderId') ?? -1);
      if (!order || !ownsAccount(ctx, userId, order.accountId))
        return ok({ failureReason: 'UnknownReason', failureText: 'Order not found' });
      return ok(venue.cancel(order.id, body.isAutomated === true, str(body, 'clOrdId')));
    }
    case 'order/liquidateposition': {
      const accountId = num(body, 'accountId');
      if (!ownsAccount(ctx, userId, accountId) || accountId === undefined)
        return unauthorized('Access is denied to this account');
      return ok(venue.liquidate(accountId, num(body, 'contractId') ?? -1, body.isAutomated === true));
    }
    default:
      return undefined;
  }
}
