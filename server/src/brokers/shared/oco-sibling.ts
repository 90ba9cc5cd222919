import type { OcoSibling, PlaceOrderCommand } from '../types';

/** The second order of a linked pair (`PlaceOrderCommand.oco`) as a command of its own: same account, contract, side and size. */
export function ocoSiblingCommand(command: PlaceOrderCommand, sibling: OcoSibling): PlaceOrderCommand {
  return {
    accountExternalId: command.accountExternalId,
    clientOrderId: sibling.clientOrderId,
    symbol: command.symbol,
    side: command.side,
    qty: command.qty,
    type: sibling.type,
    ...(sibling.price === undefined ? {} : { price: sibling.price }),
    ...(sibling.stopPrice === undefined ? {} : { stopPrice: sibling.stopPrice }),
  };
}
