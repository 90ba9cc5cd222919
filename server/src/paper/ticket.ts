import type { TicketOrderPayload } from '@synctrade/api/types';
import { AppError } from '../http/app-error';
import { frontMonth, rootOf, roundToTick, specOf } from '@synctrade/market';
import type { PlaceOrderCommand } from '../brokers/types';

const MAX_TICKET_QTY = 100;

/** Checks the desk's order ticket and turns it into a venue command (contract root → front month). */
export function ticketCommand(body: unknown, accountExternalId: string, now: Date): PlaceOrderCommand {
  const input = (body ?? {}) as Partial<Record<keyof TicketOrderPayload, unknown>>;
  const contract = typeof input.contract === 'string' ? input.contract.trim().toUpperCase() : '';
  const root = rootOf(contract);
  if (root === undefined)
    throw AppError.badRequest(
      'contract must be one of ES, MES, NQ, MNQ, CL, MCL, GC, MGC (or a month of them)',
    );
  if (input.side !== 'buy' && input.side !== 'sell') throw AppError.badRequest('side must be buy or sell');
  const qty = input.qty;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1 || qty > MAX_TICKET_QTY) {
    throw AppError.badRequest(`qty must be a whole number from 1 to ${MAX_TICKET_QTY}`);
  }
  if (input.order_type !== 'Market' && input.order_type !== 'Limit')
    throw AppError.badRequest('order_type must be Market or Limit');
  const symbol = contract === root ? frontMonth(root, now) : contract;
  const command: PlaceOrderCommand = {
    accountExternalId,
    clientOrderId: '',
    symbol,
    side: input.side,
    qty,
    type: input.order_type,
  };
  if (input.order_type === 'Limit') {
    const price = input.price;
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0)
      throw AppError.badRequest('price must be a positive number for a limit order');
    command.price = roundToTick(price, specOf(root)?.tickSize ?? 0.01);
  }
  return command;
}
