import type { TicketOrderPayload } from '@synctrade/api';
import { ticketFormSchema } from '@synctrade/api/validation';

// The ticket's rules and messages are the product's (`@synctrade/api/validation`), shared with the server.
export { TICKET_CONTRACTS, TICKET_MESSAGE } from '@synctrade/api/validation';

export interface TicketValues {
  account_id: string;
  contract: string;
  side: 'buy' | 'sell';
  qty: string;
  order_type: 'Market' | 'Limit';
  price: string;
}

/** The ticket form's rules; the server checks the same order again. */
export const ticketSchema = ticketFormSchema;

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
