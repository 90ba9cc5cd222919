import type { Side } from './entities';

/**
 * What a leader change does to the followers' positions: `align` brings every follower to the new leader × ratio
 * now; `keep` leaves them as they are (shown out of sync) until the new leader's next trade. The server's default
 * is `keep`, so a call without a choice never closes positions.
 */
export type LeaderChangeFollowers = 'align' | 'keep';

export interface LeaderChangePayload {
  followers: LeaderChangeFollowers;
}

/** An order working at the broker on one of the user's accounts (the desk's confirmations list them). */
export interface WorkingOrder {
  /** The account's id on the desk. */
  account: number;
  account_name: string;
  order_id: string;
  contract: string;
  side: Side;
  type: 'Market' | 'Limit' | 'Stop';
  /** Quantity still to fill. */
  qty: number;
  price: number | null;
  stop_price: number | null;
}
