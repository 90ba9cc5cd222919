import type { Order } from '@synctrade/api';
import { formatDateTime } from './format';

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

/** Quotes a field when needed, and defuses text a spreadsheet would run as a formula. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The orders as CSV, in the table's columns (plus the rejection reason). */
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

/** Saves text as a file through a temporary link (no server round trip). */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
