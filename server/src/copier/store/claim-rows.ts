import type { CopyIntent } from '../engine/types';

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
  }));
}

/** The record columns shared by every statement that reads claim rows. */
export const CLAIM_ROW_COLUMNS = `account_id integer, client_order_id text, symbol text, order_type text, side text,
    qty numeric, price numeric, stop_price numeric, leader_order_id text, is_exit boolean`;
