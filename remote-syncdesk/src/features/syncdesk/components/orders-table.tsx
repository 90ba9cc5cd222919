import type React from 'react';
import { Link } from 'react-router-dom';
import type { Order, OrderStatus } from '@synctrade/api';
import { formatContractPrice } from '@synctrade/market';
import { formatDateTime, Table, TableWrap } from '@synctrade/ui';
import { Badge } from './desk-styles';
import { capitalize } from './format';

const STATUS_TONE: Record<OrderStatus, 'success' | 'warning' | 'danger' | 'muted'> = {
  Success: 'success',
  Working: 'success',
  'Pending New': 'warning',
  Rejected: 'danger',
  Canceled: 'muted',
};

const COLUMNS = ['ID', 'Connection', 'Account', 'Time', 'Contract', 'Type', 'Side', 'Qty', 'Price', 'Status'];

/**
 * The orders of the active tab; the status is a word and a colour. Every order with a reason shows it under its
 * status: a rejection's cause, the firm rule behind a clipped or refused copy, and the rule that sent a close-out
 * (flat-by, drawdown, daily loss), which succeeds.
 */
export function OrdersTable({ orders }: { orders: Order[] }): React.JSX.Element {
  return (
    <TableWrap>
      <Table>
        <caption className="sr-only">Orders</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                {order.role === 'copy' ? (
                  // A copy opens its story: the leader's event, the plan, the send, the broker's answer, the fill.
                  <Link
                    to={`/trade-history/quality?story=${order.id}`}
                    aria-label={`Story of copy ${order.id} to ${order.account}`}
                  >
                    {order.id}
                  </Link>
                ) : (
                  order.id
                )}
              </td>
              <td>{order.connection}</td>
              <td>{order.account}</td>
              <td>{formatDateTime(order.time)}</td>
              <td>{order.contract}</td>
              <td>{order.type}</td>
              <td>{capitalize(order.side)}</td>
              <td>{order.qty}</td>
              <td>
                {order.price === null || order.price === 0
                  ? '—'
                  : formatContractPrice(order.contract, order.price)}
              </td>
              <td>
                <Badge $tone={STATUS_TONE[order.status] ?? 'muted'}>{order.status}</Badge>
                {order.reason && <div>{order.reason}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
