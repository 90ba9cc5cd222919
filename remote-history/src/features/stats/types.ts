/** The least a closed trade needs for the statistics: the server's Trade and imported rows both fit. */
export interface StatTrade {
  pnl: number;
  qty: number;
  /** When the trade closed, ISO 8601: it decides the trade's day and week. */
  exit_time: string;
}

export type FillSide = 'buy' | 'sell';

/** One execution, as a broker's fills export lists it. */
export interface Fill {
  id: string;
  /** Milliseconds since the epoch. */
  time: number;
  account: string;
  symbol: string;
  side: FillSide;
  qty: number;
  price: number;
}

/** One matched lot: an entry fill (or part of it) closed by an exit fill (or part of it). */
export interface RoundTrip {
  account: string;
  symbol: string;
  /** `buy` for a long trip, `sell` for a short one. */
  side: FillSide;
  qty: number;
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  exitPrice: number;
  /** Per contract, positive when the trip made money. */
  points: number;
  pnl: number;
  buyFillId: string;
  sellFillId: string;
}
