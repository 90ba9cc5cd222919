import * as json from './entities';
import type { VenueState } from './venue';
import type { FakeOrder, FakePosition } from './venue-types';

/**
 * Fills `qty` of an order (all that is left by default) at `price`, in Tradovate's event order:
 * executionReport Trade → fill Created → order Updated (Working while a part is left, else Filled) →
 * position → cashBalance → fillPair when a position closes.
 */
export function fillOrder(
  venue: VenueState,
  order: FakeOrder,
  price: number,
  part = order.orderQty - order.cumQty,
): void {
  const now = json.isoNow();
  const qty = Math.min(part, order.orderQty - order.cumQty);
  order.avgPx = (order.avgPx * order.cumQty + price * qty) / (order.cumQty + qty);
  order.cumQty += qty;
  order.ordStatus = order.cumQty === order.orderQty ? 'Filled' : 'Working';
  const fill = {
    id: venue.nextId(),
    orderId: order.id,
    contractId: order.contractId,
    action: order.action,
    qty,
    price,
    timestamp: now,
  };
  venue.fills.set(fill.id, fill);
  venue.emit(
    order.accountId,
    'executionReport',
    'Created',
    json.executionReportJson(venue.nextId(), order.commandId, order, 'Trade', {
      lastQty: qty,
      lastPx: price,
    }),
  );
  venue.emit(order.accountId, 'fill', 'Created', json.fillJson(fill));
  venue.emit(order.accountId, 'order', 'Updated', json.orderJson(order));
  const closed = applyToPosition(venue, order, qty, price, now);
  if (closed.qty > 0) {
    venue.emit(order.accountId, 'fillPair', 'Created', {
      id: venue.nextId(),
      positionId: closed.positionId,
      buyFillId: fill.id,
      sellFillId: fill.id,
      qty: closed.qty,
      buyPrice: order.action === 'Buy' ? price : closed.entryPrice,
      sellPrice: order.action === 'Sell' ? price : closed.entryPrice,
    });
  }
}

function applyToPosition(
  venue: VenueState,
  order: FakeOrder,
  qty: number,
  price: number,
  now: string,
): { qty: number; positionId: number; entryPrice: number } {
  const key = `${order.accountId}:${order.contractId}`;
  const existing = venue.positions.get(key);
  const position: FakePosition = existing ?? {
    id: venue.nextId(),
    accountId: order.accountId,
    contractId: order.contractId,
    netPos: 0,
    netPrice: 0,
    bought: 0,
    boughtValue: 0,
    sold: 0,
    soldValue: 0,
    timestamp: now,
  };
  const signed = order.action === 'Buy' ? qty : -qty;
  const entryPrice = position.netPrice;
  let closedQty = 0;
  if (position.netPos === 0 || Math.sign(position.netPos) === Math.sign(signed)) {
    const total = position.netPos + signed;
    position.netPrice = (Math.abs(position.netPos) * position.netPrice + qty * price) / Math.abs(total);
    position.netPos = total;
  } else {
    closedQty = Math.min(Math.abs(position.netPos), qty);
    const pointValue = venue.contracts.get(order.contractId)?.valuePerPoint ?? 1;
    const pnl = closedQty * (price - position.netPrice) * Math.sign(position.netPos) * pointValue;
    const account = venue.accounts.get(order.accountId);
    if (account) {
      account.amount += pnl;
      account.realizedPnL += pnl;
    }
    position.netPos += signed;
    if (position.netPos === 0) position.netPrice = 0;
    else if (Math.sign(position.netPos) === Math.sign(signed)) position.netPrice = price;
  }
  if (order.action === 'Buy') {
    position.bought += qty;
    position.boughtValue += qty * price;
  } else {
    position.sold += qty;
    position.soldValue += qty * price;
  }
  position.timestamp = now;
  venue.positions.set(key, position);
  venue.emit(order.accountId, 'position', existing ? 'Updated' : 'Created', json.positionJson(position));
  const account = venue.accounts.get(order.accountId);
  if (account) venue.emit(order.accountId, 'cashBalance', 'Updated', json.cashBalanceJson(account));
  return { qty: closedQty, positionId: position.id, entryPrice };
}
