import type { TicketOrderPayload } from '@synctrade/api';
import { needsLimitPrice, needsStopPrice, needsTrail, ticketFormSchema } from '@synctrade/api/validation';
import type { TicketOrderType } from '@synctrade/api/validation';

// The ticket's rules and messages are the product's (`@synctrade/api/validation`), shared with the server.
export {
  TICKET_CONTRACTS,
  TICKET_MESSAGE,
  TICKET_ORDER_TYPES,
  TICKET_ORDER_TYPE_LABELS,
  needsLimitPrice,
  needsStopPrice,
  needsTrail,
} from '@synctrade/api/validation';

export interface TicketValues {
  account_id: string;
  contract: string;
  side: 'buy' | 'sell';
  qty: string;
  order_type: TicketOrderType;
  price: string;
  stop_price: string;
  trail_ticks: string;
  /** Whether the order carries a stop-loss and a take-profit, linked one-cancels-other. */
  bracket: boolean;
  bracket_unit: 'ticks' | 'price';
  stop_loss: string;
  take_profit: string;
}

/** The ticket form's rules; the server checks the same order again. */
export const ticketSchema = ticketFormSchema;

// Formik hands a number input's value over as a number once typed in: read it as text either way.
const filled = (text: string | number): boolean => String(text).trim() !== '';

export function toTicketPayload(values: TicketValues): TicketOrderPayload {
  const payload: TicketOrderPayload = {
    account_id: Number(values.account_id),
    contract: values.contract,
    side: values.side,
    qty: Number(values.qty),
    order_type: values.order_type,
  };
  if (needsLimitPrice(values.order_type)) payload.price = Number(values.price);
  if (needsStopPrice(values.order_type)) payload.stop_price = Number(values.stop_price);
  if (needsTrail(values.order_type)) payload.trail_ticks = Number(values.trail_ticks);
  if (values.bracket && (filled(values.stop_loss) || filled(values.take_profit))) {
    payload.bracket_unit = values.bracket_unit;
    if (filled(values.stop_loss)) payload.stop_loss = Number(values.stop_loss);
    if (filled(values.take_profit)) payload.take_profit = Number(values.take_profit);
  }
  return payload;
}
