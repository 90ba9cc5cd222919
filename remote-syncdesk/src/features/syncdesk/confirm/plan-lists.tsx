import type React from 'react';
import styled from 'styled-components';
import { DESK_CONFIRM, type WorkingOrder } from '@synctrade/api';
import { Muted } from '@synctrade/ui';
import { positionText, type PlannedOrder } from './desk-plans';
import type { WorkingOrdersState } from './use-working-orders';

const List = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding-left: ${({ theme }) => theme.space(5)};
  max-height: 40vh;
  overflow: auto;
`;

/** "Paper 2: Sell 6 at market (Long 6 → Flat)", one item per account. */
export function PlannedOrders({
  label,
  orders,
}: {
  label: string;
  orders: PlannedOrder[];
}): React.JSX.Element {
  return (
    <List aria-label={label}>
      {orders.map((order) => (
        <li key={order.accountId}>
          {order.accountName}: {order.side} {order.qty} at market ({positionText(order.from)} →{' '}
          {positionText(order.to)})
        </li>
      ))}
    </List>
  );
}

function orderText(order: WorkingOrder): string {
  const side = order.side === 'buy' ? 'Buy' : 'Sell';
  const price =
    order.type === 'Limit' && order.price !== null
      ? ` @ ${order.price}`
      : order.type === 'Stop' && (order.stop_price ?? order.price) !== null
        ? ` stop ${order.stop_price ?? order.price}`
        : '';
  return `${order.account_name}: ${side} ${order.qty} ${order.contract} ${order.type}${price}`;
}

/** The working orders an action cancels (only those of `accountIds` when given). */
export function WorkingOrders({
  label,
  state,
  accountIds,
}: {
  label: string;
  state: WorkingOrdersState;
  accountIds?: readonly number[];
}): React.JSX.Element | null {
  if (state.status === 'loading') return <Muted role="status">{DESK_CONFIRM.loadingOrders}</Muted>;
  if (state.status === 'error') return <Muted role="alert">{DESK_CONFIRM.ordersUnavailable}</Muted>;
  const orders = state.orders.filter(
    (order) => accountIds === undefined || accountIds.includes(order.account),
  );
  if (orders.length === 0) return null;
  return (
    <List aria-label={label}>
      {orders.map((order) => (
        <li key={`${order.account}-${order.order_id}`}>{orderText(order)}</li>
      ))}
    </List>
  );
}

export function workingOrdersOf(state: WorkingOrdersState, accountIds?: readonly number[]): WorkingOrder[] {
  if (state.status !== 'ready') return [];
  return state.orders.filter((order) => accountIds === undefined || accountIds.includes(order.account));
}
