import * as yup from 'yup';
import type { TicketOrderPayload } from '@synctrade/api';
import { CONTRACT_ROOTS } from '@synctrade/market';

/** The paper venue's contracts: the four majors and their micros (the product's contract table). */
export const TICKET_CONTRACTS: readonly string[] = CONTRACT_ROOTS;

export interface TicketValues {
  account_id: string;
  contract: string;
  side: 'buy' | 'sell';
  qty: string;
  order_type: 'Market' | 'Limit';
  price: string;
}

export const TICKET_MESSAGE = {
  account: 'Choose an account',
  qty: 'Quantity must be a whole number from 1 to 100',
  price: 'Enter a limit price above 0',
} as const;

/** The ticket form's rules; the server checks the same order again. */
export const ticketSchema = yup.object({
  account_id: yup.string().required(TICKET_MESSAGE.account),
  contract: yup
    .string()
    .oneOf([...TICKET_CONTRACTS])
    .required(),
  side: yup.string().oneOf(['buy', 'sell']).required(),
  qty: yup
    .number()
    .typeError(TICKET_MESSAGE.qty)
    .required(TICKET_MESSAGE.qty)
    .integer(TICKET_MESSAGE.qty)
    .min(1, TICKET_MESSAGE.qty)
    .max(100, TICKET_MESSAGE.qty),
  order_type: yup.string().oneOf(['Market', 'Limit']).required(),
  price: yup.string().when('order_type', {
    is: 'Limit',
    then: (schema) =>
      schema
        .required(TICKET_MESSAGE.price)
        .test('positive', TICKET_MESSAGE.price, (value) => Number(value) > 0),
  }),
});

export function toTicketPayload(values: TicketValues): TicketOrderPayload {
  return {
    account_id: Number(values.account_id),
    contract: values.contract,
    side: values.side,
    qty: Number(values.qty),
    order_type: values.order_type,
    ...(values.order_type === 'Limit' ? { price: Number(values.price) } : {}),
  };
}
