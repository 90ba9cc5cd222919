import type { PaperVenue } from '../brokers/paper/venue';

export interface PaperLedger {
  cash_balance: number;
  realized_pnl: number;
  open_pnl: number;
  positions: Array<{ symbol: string; net_pos: number; avg_price: number }>;
  working_orders: Array<{
    order_id: string;
    symbol: string;
    side: string;
    qty: number;
    type: string;
    order_type: string;
    price: number | null;
    stop_price: number | null;
    trail: number | null;
    linked_order_id: string | null;
  }>;
}

/** The account's ledger once every fill the venue answered is stored. */
export async function paperLedger(venue: PaperVenue, externalId: string): Promise<PaperLedger> {
  await venue.stored();
  const snapshot = venue.snapshot(externalId);
  return {
    cash_balance: snapshot.cashBalance,
    realized_pnl: snapshot.realizedPnl,
    open_pnl: snapshot.openPnl,
    positions: venue
      .positions([externalId])
      .map((p) => ({ symbol: p.symbol, net_pos: p.netPos, avg_price: p.avgPrice })),
    working_orders: venue.workingOrders([externalId]).map((o) => ({
      order_id: o.orderId,
      symbol: o.symbol,
      side: o.side,
      qty: o.qty - o.filledQty,
      type: o.type,
      order_type: o.venueType ?? o.type,
      price: o.price,
      stop_price: o.stopPrice,
      trail: o.trail ?? null,
      linked_order_id: o.linkedOrderId ?? null,
    })),
  };
}
