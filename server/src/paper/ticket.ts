import type { TicketOrderPayload } from '@synctrade/api/types';
import { TICKET_ORDER_MESSAGE } from '@synctrade/api/validation';
import { AppError } from '../http/app-error';
import { frontMonth, rootOf, roundToTick, specOf } from '@synctrade/market';
import type { PlaceOrderCommand } from '../brokers/types';

/**
 * Turns the desk's order ticket, checked by its rules (`ticketOrderSchema`), into a venue command: a contract
 * root goes to its front month, a limit price to the contract's tick.
 */
export function ticketCommand(
  ticket: TicketOrderPayload,
  accountExternalId: string,
  now: Date,
): PlaceOrderCommand {
  const root = rootOf(ticket.contract);
  if (root === undefined) throw AppError.badRequest(TICKET_ORDER_MESSAGE.contract);
  const command: PlaceOrderCommand = {
    accountExternalId,
    clientOrderId: '',
    symbol: ticket.contract === root ? frontMonth(root, now) : ticket.contract,
    side: ticket.side,
    qty: ticket.qty,
    type: ticket.order_type,
  };
  if (ticket.order_type === 'Limit') {
    if (ticket.price === undefined) throw AppError.badRequest(TICKET_ORDER_MESSAGE.price);
    command.price = roundToTick(ticket.price, specOf(root)?.tickSize ?? 0.01);
  }
  return command;
}
