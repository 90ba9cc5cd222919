import type { TicketOrderPayload } from '@synctrade/api/types';
import { TICKET_ORDER_MESSAGE } from '@synctrade/api/validation';
import { AppError } from '../http/app-error';
import { frontMonth, rootOf, roundToTick, specOf, type ContractRoot } from '@synctrade/market';
import type { PlaceOrderCommand } from '../brokers/types';

/**
 * Turns the desk's order ticket, checked by its rules (`ticketOrderSchema`), into a venue command: a contract
 * root goes to its front month, prices to the contract's tick, a trail and a bracket given in ticks to points
 * and prices. A bracket in ticks is measured from the entry's price: a limit's limit, a stop's stop, a market
 * order's market now (`marketPrice`). Whether the prices make sense at the market is the venue's to say.
 */
export function ticketCommand(
  ticket: TicketOrderPayload,
  accountExternalId: string,
  now: Date,
  marketPrice: (root: ContractRoot) => number,
): PlaceOrderCommand {
  const root = rootOf(ticket.contract);
  if (root === undefined) throw AppError.badRequest(TICKET_ORDER_MESSAGE.contract);
  const tick = specOf(root)?.tickSize ?? 0.01;
  const onTick = (value: number): number => roundToTick(value, tick);
  const kind = ticket.order_type;
  const command: PlaceOrderCommand = {
    accountExternalId,
    clientOrderId: '',
    symbol: ticket.contract === root ? frontMonth(root, now) : ticket.contract,
    side: ticket.side,
    qty: ticket.qty,
    type: kind === 'StopLimit' || kind === 'TrailingStop' ? 'Stop' : kind,
  };
  if (kind === 'StopLimit' || kind === 'TrailingStop') command.venueType = kind;
  if (kind === 'Limit' || kind === 'StopLimit') {
    if (ticket.price === undefined) throw AppError.badRequest(TICKET_ORDER_MESSAGE.price);
    command.price = onTick(ticket.price);
  }
  if (kind === 'Stop' || kind === 'StopLimit') {
    if (ticket.stop_price === undefined) throw AppError.badRequest(TICKET_ORDER_MESSAGE.stopPrice);
    command.stopPrice = onTick(ticket.stop_price);
  }
  if (kind === 'TrailingStop') {
    if (ticket.trail_ticks === undefined) throw AppError.badRequest(TICKET_ORDER_MESSAGE.trailTicks);
    command.trail = onTick(ticket.trail_ticks * tick);
  }
  if (ticket.stop_loss === undefined && ticket.take_profit === undefined) return command;
  const entry = command.price ?? command.stopPrice ?? marketPrice(root);
  const away = (ticks: number, direction: 1 | -1): number =>
    onTick(entry + direction * (command.side === 'buy' ? 1 : -1) * ticks * tick);
  const inTicks = ticket.bracket_unit === 'ticks';
  const bracket: NonNullable<PlaceOrderCommand['bracket']> = {};
  if (ticket.stop_loss !== undefined)
    bracket.stopLoss = inTicks ? away(ticket.stop_loss, -1) : onTick(ticket.stop_loss);
  if (ticket.take_profit !== undefined)
    bracket.takeProfit = inTicks ? away(ticket.take_profit, 1) : onTick(ticket.take_profit);
  command.bracket = bracket;
  return command;
}
