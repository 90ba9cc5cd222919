import type { Db } from '../../db/db';
import { roundTrips, type FillRow } from './fifo';

/**
 * Brings the user's copier trades up to date from their fills (FIFO), so each round trip has a stable row
 * (and id) that a journal note can be attached to. Idempotent: known round trips are left as they are.
 */
export async function materializeTrades(db: Db, userId: number): Promise<void> {
  const fills = await db.query<{
    fill_id: string;
    account_id: number;
    symbol: string;
    side: 'buy' | 'sell';
    qty: number;
    price: number;
    filled_at: Date;
  }>('SELECT fill_id, account_id, symbol, side, qty, price, filled_at FROM copy_fills WHERE user_id = $1', [
    userId,
  ]);
  const rows: FillRow[] = fills.map((f) => ({
    fillId: f.fill_id,
    accountId: f.account_id,
    symbol: f.symbol,
    side: f.side,
    qty: Number(f.qty),
    price: Number(f.price),
    time: new Date(f.filled_at),
  }));
  const trips = roundTrips(rows);
  if (trips.length === 0) return;
  await db.query(
    `INSERT INTO copy_trades (user_id, account_id, external_id, source, connection_name, account_name, symbol, side, qty, entry_time,
       exit_time, entry_price, exit_price, pnl)
     SELECT $1, x.account_id, x.external_id, 'copier', c.name, a.name, x.symbol, x.side, x.qty, x.entry_time, x.exit_time, x.entry_price,
       x.exit_price, x.pnl
     FROM jsonb_to_recordset($2::jsonb) AS x(account_id integer, external_id text, symbol text, side text, qty numeric,
       entry_time timestamptz, exit_time timestamptz, entry_price numeric, exit_price numeric, pnl numeric)
     JOIN broker_accounts a ON a.id = x.account_id JOIN connections c ON c.id = a.connection_id
     ON CONFLICT (user_id, external_id) DO NOTHING`,
    [
      userId,
      JSON.stringify(
        trips.map((t) => ({
          account_id: t.accountId,
          external_id: t.externalId,
          symbol: t.symbol,
          side: t.side,
          qty: t.qty,
          entry_time: t.entryTime.toISOString(),
          exit_time: t.exitTime.toISOString(),
          entry_price: t.entryPrice,
          exit_price: t.exitPrice,
          pnl: t.pnl,
        })),
      ),
    ],
  );
}
