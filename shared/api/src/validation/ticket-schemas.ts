import * as yup from 'yup';
import { CONTRACT_ROOTS, rootOf } from '@synctrade/market';
import { MAX_ROW_ID } from './constants';
import { checkedInOrder } from './checked-in-order';
import { wire } from './wire-meta';

/**
 * The desk's paper order ticket, stated once for the form and the server: the same contracts, sides, order
 * types, quantity range and limit-price rule. The form and the server word their refusals differently (the
 * form beside a field, the server in a `detail` naming the field), so each keeps its own messages.
 */
export const TICKET_CONTRACTS: readonly string[] = CONTRACT_ROOTS;
export const TICKET_SIDES = ['buy', 'sell'] as const;
export const TICKET_ORDER_TYPES = ['Market', 'Limit', 'Stop', 'StopLimit', 'TrailingStop'] as const;
export type TicketOrderType = (typeof TICKET_ORDER_TYPES)[number];
/** How the ticket's order types read on the form. */
export const TICKET_ORDER_TYPE_LABELS: Record<TicketOrderType, string> = {
  Market: 'Market',
  Limit: 'Limit',
  Stop: 'Stop',
  StopLimit: 'Stop limit',
  TrailingStop: 'Trailing stop',
};
/** A bracket's stop-loss and take-profit: a distance in ticks from the entry, or prices. */
export const TICKET_BRACKET_UNITS = ['ticks', 'price'] as const;
export const TICKET_MAX_QTY = 100;
/** The farthest a trail or a bracket leg may be from the entry, in ticks. */
export const TICKET_MAX_TICKS = 10_000;

/** The prices each order type needs. */
export const needsLimitPrice = (orderType: unknown): boolean =>
  orderType === 'Limit' || orderType === 'StopLimit';
export const needsStopPrice = (orderType: unknown): boolean =>
  orderType === 'Stop' || orderType === 'StopLimit';
export const needsTrail = (orderType: unknown): boolean => orderType === 'TrailingStop';

/** The form's messages, shown beside its fields. */
export const TICKET_MESSAGE = {
  account: 'Choose an account',
  qty: `Quantity must be a whole number from 1 to ${TICKET_MAX_QTY}`,
  price: 'Enter a limit price above 0',
  stopPrice: 'Enter a stop price above 0',
  trail: `Enter a trail from 1 to ${TICKET_MAX_TICKS} ticks`,
  stopLoss: 'Enter a stop-loss above 0',
  takeProfit: 'Enter a take-profit above 0',
  bracketTicks: `Enter whole ticks from 1 to ${TICKET_MAX_TICKS}`,
  bracketEmpty: 'Enter a stop-loss, a take-profit or both',
} as const;

/** The server's answers (`detail`): they name the wire field. */
export const TICKET_ORDER_MESSAGE = {
  accountId: 'account_id must be an account id',
  contract: `contract must be one of ${CONTRACT_ROOTS.join(', ')} (or a month of them)`,
  side: 'side must be buy or sell',
  qty: `qty must be a whole number from 1 to ${TICKET_MAX_QTY}`,
  orderType: 'order_type must be Market, Limit, Stop, StopLimit or TrailingStop',
  price: 'price must be a positive number for a limit or stop-limit order',
  stopPrice: 'stop_price must be a positive number for a stop or stop-limit order',
  trailTicks: `trail_ticks must be a whole number from 1 to ${TICKET_MAX_TICKS} for a trailing stop`,
  bracketUnit: 'bracket_unit must be ticks or price',
  stopLoss: `stop_loss must be a positive price, or whole ticks from 1 to ${TICKET_MAX_TICKS}`,
  takeProfit: `take_profit must be a positive price, or whole ticks from 1 to ${TICKET_MAX_TICKS}`,
} as const;

/** A whole number of contracts from 1 to the ticket's most. */
function ticketQty(message: string): yup.NumberSchema<number> {
  return yup
    .number()
    .typeError(message)
    .required(message)
    .integer(message)
    .min(1, message)
    .max(TICKET_MAX_QTY, message);
}

const isAbovePrice = (price: number): boolean => price > 0;
const isTicks = (value: number): boolean =>
  Number.isInteger(value) && value >= 1 && value <= TICKET_MAX_TICKS;

/** A form's text holding a positive number, or whole ticks when the bracket is in ticks. */
function bracketLeg(priceMessage: string) {
  return yup.string().test('leg', (value, context) => {
    if (value === undefined || value.trim() === '') return true;
    const unit: unknown = context.parent.bracket_unit;
    const number = Number(value);
    if (unit === 'ticks')
      return isTicks(number) || context.createError({ message: TICKET_MESSAGE.bracketTicks });
    return isAbovePrice(number) || context.createError({ message: priceMessage });
  });
}

/** The ticket form's values (texts, as the inputs hold them). */
export const ticketFormSchema = yup.object({
  account_id: yup.string().required(TICKET_MESSAGE.account),
  contract: yup
    .string()
    .oneOf([...TICKET_CONTRACTS])
    .required(),
  side: yup
    .string()
    .oneOf([...TICKET_SIDES])
    .required(),
  qty: ticketQty(TICKET_MESSAGE.qty),
  order_type: yup
    .string()
    .oneOf([...TICKET_ORDER_TYPES])
    .required(),
  price: yup.string().when('order_type', {
    is: needsLimitPrice,
    then: (schema) =>
      schema
        .required(TICKET_MESSAGE.price)
        .test('positive', TICKET_MESSAGE.price, (value) => isAbovePrice(Number(value))),
  }),
  stop_price: yup.string().when('order_type', {
    is: needsStopPrice,
    then: (schema) =>
      schema
        .required(TICKET_MESSAGE.stopPrice)
        .test('positive', TICKET_MESSAGE.stopPrice, (value) => isAbovePrice(Number(value))),
  }),
  trail_ticks: yup.string().when('order_type', {
    is: needsTrail,
    then: (schema) =>
      schema
        .required(TICKET_MESSAGE.trail)
        .test('ticks', TICKET_MESSAGE.trail, (value) => isTicks(Number(value))),
  }),
  bracket: yup.boolean(),
  bracket_unit: yup.string().oneOf([...TICKET_BRACKET_UNITS]),
  stop_loss: bracketLeg(TICKET_MESSAGE.stopLoss).when('bracket', {
    is: true,
    then: (schema) =>
      schema.test('one-leg', TICKET_MESSAGE.bracketEmpty, (value, context) => {
        const target: unknown = context.parent.take_profit;
        return (value ?? '').trim() !== '' || String(target ?? '').trim() !== '';
      }),
  }),
  take_profit: bracketLeg(TICKET_MESSAGE.takeProfit),
});

/** One of a fixed list; anything else (null or nothing included) is answered by `message`. */
function choice<T extends string>(choices: readonly T[], message: string, description: string) {
  return yup
    .mixed<T>()
    .required(message)
    .oneOf([...choices], message)
    .meta(wire({ description }));
}

/**
 * The account a ticket names, checked before the account is looked up. A test of its own rather than
 * min/max: the JSON Schema keeps to the type, so an id out of range answers with this message too.
 */
export const ticketAccountIdSchema = yup
  .number()
  .strict()
  .typeError(TICKET_ORDER_MESSAGE.accountId)
  .required(TICKET_ORDER_MESSAGE.accountId)
  .integer(TICKET_ORDER_MESSAGE.accountId)
  .test('account-id', TICKET_ORDER_MESSAGE.accountId, (id) => id >= 1 && id <= MAX_ROW_ID);

/**
 * `POST /sim/orders`: the ticket as sent. JSON types are kept (a quantity sent as "2" is refused); a contract
 * is a root (ES) or a month of it (esz6), read trimmed and in capitals.
 */
export const ticketOrderSchema = yup.object(
  checkedInOrder({
    account_id: ticketAccountIdSchema,
    contract: yup
      .string()
      .trim()
      .uppercase()
      .required(TICKET_ORDER_MESSAGE.contract)
      .test('contract', TICKET_ORDER_MESSAGE.contract, (contract) => rootOf(contract) !== undefined)
      .meta(wire({ description: 'A contract root (ES) or a month of it (ESZ6).', maxLength: 100 })),
    side: choice(TICKET_SIDES, TICKET_ORDER_MESSAGE.side, 'buy or sell. Checked by the route.'),
    qty: ticketQty(TICKET_ORDER_MESSAGE.qty)
      .strict()
      .meta(wire({ description: 'A whole number from 1 to 100. Checked by the route.', untyped: true })),
    order_type: choice(
      TICKET_ORDER_TYPES,
      TICKET_ORDER_MESSAGE.orderType,
      'Market, Limit, Stop, StopLimit or TrailingStop. Checked by the route.',
    ),
    price: yup
      .number()
      .when('order_type', {
        is: needsLimitPrice,
        then: (schema) =>
          schema
            .required(TICKET_ORDER_MESSAGE.price)
            .test(
              'positive',
              TICKET_ORDER_MESSAGE.price,
              (price) => Number.isFinite(price) && isAbovePrice(price),
            ),
      })
      .meta(wire({ description: 'The limit price: required for a Limit or StopLimit order.' })),
    stop_price: positiveWhen(needsStopPrice, TICKET_ORDER_MESSAGE.stopPrice).meta(
      wire({ description: 'The stop price: required for a Stop or StopLimit order.' }),
    ),
    trail_ticks: yup
      .number()
      .when('order_type', {
        is: needsTrail,
        then: (schema) =>
          schema
            .required(TICKET_ORDER_MESSAGE.trailTicks)
            .test('ticks', TICKET_ORDER_MESSAGE.trailTicks, (ticks) => isTicks(ticks)),
      })
      .meta(
        wire({
          description: `A trailing stop's distance from the best price, in ticks (1 to ${TICKET_MAX_TICKS}).`,
        }),
      ),
    bracket_unit: yup
      .mixed<(typeof TICKET_BRACKET_UNITS)[number]>()
      .oneOf([...TICKET_BRACKET_UNITS], TICKET_ORDER_MESSAGE.bracketUnit)
      .meta(
        wire({
          description:
            'How stop_loss and take_profit read: ticks from the entry price, or prices. Absent: prices.',
        }),
      ),
    stop_loss: bracketLegOnWire(TICKET_ORDER_MESSAGE.stopLoss).meta(
      wire({ description: 'The bracket stop-loss, linked one-cancels-other with take_profit.' }),
    ),
    take_profit: bracketLegOnWire(TICKET_ORDER_MESSAGE.takeProfit).meta(
      wire({ description: 'The bracket take-profit, linked one-cancels-other with stop_loss.' }),
    ),
  }),
);

/** A finite positive number, required when the order type needs it. */
function positiveWhen(needed: (orderType: unknown) => boolean, message: string) {
  return yup.number().when('order_type', {
    is: needed,
    then: (schema) =>
      schema
        .required(message)
        .test('positive', message, (value) => Number.isFinite(value) && isAbovePrice(value)),
  });
}

/** A bracket leg as sent: whole ticks when `bracket_unit` is ticks, else a positive price. */
function bracketLegOnWire(message: string) {
  return yup.number().test('leg', message, (value, context) => {
    if (value === undefined) return true;
    if (context.parent.bracket_unit === 'ticks') return isTicks(value);
    return Number.isFinite(value) && isAbovePrice(value);
  });
}

/** The server's answers to a change of a working paper order (`detail`). */
export const TICKET_CHANGE_MESSAGE = {
  nothing: 'Send price, stop_price or trail_ticks to change',
  price: 'price must be a positive number',
  stopPrice: 'stop_price must be a positive number',
} as const;

/** A positive finite number, optional. */
function optionalPositive(message: string) {
  return yup
    .number()
    .test(
      'positive',
      message,
      (value) => value === undefined || (Number.isFinite(value) && isAbovePrice(value)),
    );
}

/**
 * `PATCH /sim/orders/:orderId`: new prices of a working paper order (a stop moved to break-even, a target
 * moved, a trail widened). What is not sent stays; the venue says whether the new prices make sense.
 */
export const ticketChangeSchema = yup
  .object(
    checkedInOrder({
      account_id: ticketAccountIdSchema,
      price: optionalPositive(TICKET_CHANGE_MESSAGE.price).meta(
        wire({ description: 'A new limit price (a Limit, a StopLimit).' }),
      ),
      stop_price: optionalPositive(TICKET_CHANGE_MESSAGE.stopPrice).meta(
        wire({ description: 'A new stop price (a Stop, a StopLimit).' }),
      ),
      trail_ticks: yup
        .number()
        .test('ticks', TICKET_ORDER_MESSAGE.trailTicks, (ticks) => ticks === undefined || isTicks(ticks))
        .meta(wire({ description: "A trailing stop's new distance, in ticks." })),
    }),
  )
  .test(
    'something',
    TICKET_CHANGE_MESSAGE.nothing,
    (body) => body.price !== undefined || body.stop_price !== undefined || body.trail_ticks !== undefined,
  );

/** `POST /sim/orders/:orderId/cancel`: the paper account whose working order is canceled. */
export const ticketCancelSchema = yup.object({ account_id: ticketAccountIdSchema });
