import type { Order } from '@synctrade/api';
import { csvField, formatDateTime } from '@synctrade/ui';

const HEADER = [
  'ID',
  'Connection',
  'Account',
  'Time',
  'Contract',
  'Type',
  'Side',
  'Qty',
  'Price',
  'Status',
  'Reason',
];

/** A cell through the product's one spreadsheet escaper: text is defused, numbers stay numbers. */
function cell(value: string | number | null): string {
  return csvField(value, typeof value === 'number' ? 'number' : 'text');
}

/** The orders as CSV, in the table's columns (plus the reason: a rejection's, or the firm rule's). */
export function ordersToCsv(orders: Order[]): string {
  const rows = orders.map((order) =>
    [
      order.id,
      order.connection,
      order.account,
      formatDateTime(order.time),
      order.contract,
      order.type,
      order.side,
      order.qty,
      order.price,
      order.status,
      order.reason,
    ]
      .map(cell)
      .join(','),
  );
  return [HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
