import type { PositionSide } from '@synctrade/api';

// One formatter each, built once: the table formats thousands of cells a second under load.
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** `$12,500.00`; the minus sign leads: `-$40.00`. */
export function formatMoney(value: number, symbol = '$'): string {
  return `${value < 0 ? '-' : ''}${symbol}${money.format(Math.abs(value))}`;
}

/** PnL always carries its sign, so colour is never the only signal: `+$20.00`, `-$5.50`. */
export function formatPnl(value: number, symbol = '$'): string {
  return `${value < 0 ? '-' : '+'}${symbol}${money.format(Math.abs(value))}`;
}

export function formatPrice(value: number | null): string {
  return value === null || value === 0 ? '—' : price.format(value);
}

const SIDE_LABEL: Record<PositionSide, string> = { long: 'Long', short: 'Short', flat: 'Flat' };

export function formatSide(side: PositionSide): string {
  return SIDE_LABEL[side] ?? side;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Local `YYYY-MM-DD HH:MM:SS` (sortable, unambiguous across locales); the raw text if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

export function formatClock(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
