import type { CopyIntent, CopySkip } from '../engine/types';

/** An intent as the database's claim statements read it (one JSON record per follower order). */
export interface ClaimRow {
  account_id: number;
  client_order_id: string;
  symbol: string;
  order_type: string;
  side: string;
  qty: number;
  price: number | null;
  stop_price: number | null;
  leader_order_id: string | null;
  is_exit: boolean;
  reason: string | null;
}

export function claimRowsOf(intents: readonly CopyIntent[]): ClaimRow[] {
  return intents.map((i) => ({
    account_id: i.accountId,
    client_order_id: i.clientOrderId,
    symbol: i.symbol,
    order_type: i.type,
    side: i.side,
    qty: i.qty,
    price: i.price,
    stop_price: i.stopPrice,
    leader_order_id: i.leaderOrderId,
    is_exit: i.exit,
    reason: i.reason ?? null,
  }));
}

/** The record columns shared by every statement that reads claim rows. */
export const CLAIM_ROW_COLUMNS = `account_id integer, client_order_id text, symbol text, order_type text, side text,
    qty numeric, price numeric, stop_price numeric, leader_order_id text, is_exit boolean, reason text`;

/** A follower that gets nothing for the claimed event, and why. */
export interface ClaimSkipRow {
  account_id: number;
  symbol: string;
  order_type: string;
  side: string;
  qty: number;
  price: number | null;
  status: string;
  reason: string;
}

export function claimSkipRowOf(skip: CopySkip): ClaimSkipRow {
  return {
    account_id: skip.accountId,
    symbol: skip.symbol,
    order_type: skip.type,
    side: skip.side,
    qty: skip.qty,
    price: skip.price,
    status: skip.status,
    reason: skip.reason,
  };
}

export function claimSkipRowsOf(skips: readonly CopySkip[]): ClaimSkipRow[] {
  return skips.map(claimSkipRowOf);
}

export const CLAIM_SKIP_COLUMNS = `account_id integer, symbol text, order_type text, side text, qty numeric,
    price numeric, status text, reason text`;
