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
export const TICKET_ORDER_TYPES = ['Market', 'Limit'] as const;
export const TICKET_MAX_QTY = 100;

/** The form's messages, shown beside its fields. */
export const TICKET_MESSAGE = {
  account: 'Choose an account',
  qty: `Quantity must be a whole number from 1 to ${TICKET_MAX_QTY}`,
  price: 'Enter a limit price above 0',
} as const;

/** The server's answers (`detail`): they name the wire field. */
export const TICKET_ORDER_MESSAGE = {
  accountId: 'account_id must be an account id',
  contract: `contract must be one of ${CONTRACT_ROOTS.join(', ')} (or a month of them)`,
  side: 'side must be buy or sell',
  qty: `qty must be a whole number from 1 to ${TICKET_MAX_QTY}`,
  orderType: 'order_type must be Market or Limit',
  price: 'price must be a positive number for a limit order',
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

const isLimit = (orderType: unknown): boolean => orderType === 'Limit';
const isAbovePrice = (price: number): boolean => price > 0;

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
    is: isLimit,
    then: (schema) =>
      schema
        .required(TICKET_MESSAGE.price)
        .test('positive', TICKET_MESSAGE.price, (value) => isAbovePrice(Number(value))),
  }),
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
      'Market or Limit. Checked by the route.',
    ),
    price: yup
      .number()
      .when('order_type', {
        is: isLimit,
        then: (schema) =>
          schema
            .required(TICKET_ORDER_MESSAGE.price)
            .test(
              'positive',
              TICKET_ORDER_MESSAGE.price,
              (price) => Number.isFinite(price) && isAbovePrice(price),
            ),
      })
      .meta(wire({ description: 'Required for a Limit order.' })),
  }),
);
