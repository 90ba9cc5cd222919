import type { Db } from '../../db/db';
import type { PaperAccount } from './ledger';
import type { LedgerFileJournal } from './ledger-file-journal';
import type { PaperOrder } from './matching';
import type { Market, MarketTicks } from './price-model';

/** Ids drawn from one block of the database sequence: block × ID_BLOCK_SIZE up to the next block. */
export const ID_BLOCK_SIZE = 100_000;
/** Orders kept in memory after a restart besides the working ones: enough for look-ups by client id. */
const RECENT_ORDERS_LOADED = 100_000;

export interface PaperFillRow {
  fillId: string;
  orderId: string;
  accountExternalId: string;
  symbol: string;
  side: string;
  qty: number;
  price: number;
  time: number;
}

/** What one write stores: the latest state of every account and order touched, and the new fills. */
export interface LedgerBatch {
  accounts: PaperAccount[];
  orders: PaperOrder[];
  fills: PaperFillRow[];
  markets: MarketTicks[];
}

export interface StoredLedger {
  accounts: PaperAccount[];
  /** Working orders, and the most recent finished ones (oldest first). */
  orders: PaperOrder[];
  markets: MarketTicks[];
}

/**
 * Several nodes: keeps of a batch only what this node may still store, checked in the write's transaction (the
 * rows of accounts whose copy group another node took over are dropped: nobody was told about them yet).
 */
export interface LedgerFence {
  admit(tx: Db, batch: LedgerBatch): Promise<LedgerBatch>;
}

/** The paper broker's ledger tables (migration 300). */
export class PaperLedgerStore {
  /** Set once the journal table is empty and nothing writes to it any more (the file journal is used). */
  private tableDrained = false;
  private applying: Promise<unknown> = Promise.resolve();

  /**
   * `journal`: one node writes each batch to the journal table first (see `write`); `file`: to the journal in
   * files instead. Both are ignored with a fence.
   */
  constructor(
    private readonly db: Db,
    private readonly fence: LedgerFence | null = null,
    readonly journal = false,
    private readonly file: LedgerFileJournal<LedgerRows> | null = null,
  ) {}

  /** Reserves the next block of ids; answers its first id. */
  async reserveIds(): Promise<number> {
    const [row] = await this.db.query<{ block: number }>(`SELECT nextval('sim_id_blocks') AS block`);
    if (row === undefined) throw new Error('The id sequence answered nothing');
    return row.block * ID_BLOCK_SIZE;
  }

  /**
   * The stored ledger: every account, or only the given ones (a node of a cluster taking a copy group over
   * continues that group's paper accounts from the database).
   */
  async load(externalIds?: readonly string[]): Promise<StoredLedger> {
    await this.applyJournal();
    const only = externalIds === undefined ? '' : 'WHERE external_id = ANY($1::text[])';
    const params = externalIds === undefined ? [] : [externalIds];
    const accounts = await this.db.query<AccountRecord>(
      `SELECT external_id, name, starting_balance, realized_total, realized_day, day_key FROM sim_accounts ${only}`,
      params,
    );
    const positions = await this.db.query<{
      external_id: string;
      symbol: string;
      net_pos: number;
      avg_price: number;
    }>(
      `SELECT external_id, symbol, net_pos, avg_price FROM sim_positions ${only} ORDER BY external_id, symbol`,
      params,
    );
    const orders = await this.db.query<OrderRecord>(
      externalIds === undefined
        ? `SELECT * FROM sim_orders
       WHERE status = 'Working'
         OR order_id IN (SELECT order_id FROM sim_orders ORDER BY time_ms DESC LIMIT ${RECENT_ORDERS_LOADED})
       ORDER BY time_ms, order_id`
        : `SELECT * FROM sim_orders WHERE external_id = ANY($1::text[])
         AND (status = 'Working' OR order_id IN (SELECT order_id FROM sim_orders WHERE external_id = ANY($1::text[])
           ORDER BY time_ms DESC LIMIT ${RECENT_ORDERS_LOADED}))
       ORDER BY time_ms, order_id`,
      params,
    );
    const markets =
      externalIds === undefined
        ? await this.db.query<{ market: Market; ticks: number; open_ticks: number }>(
            `SELECT market, ticks, open_ticks FROM sim_markets`,
          )
        : [];
    const byId = new Map<string, PaperAccount>(
      accounts.map((row) => [
        row.external_id,
        {
          externalId: row.external_id,
          name: row.name,
          startingBalance: row.starting_balance,
          realizedTotal: row.realized_total,
          realizedDay: row.realized_day,
          dayKey: row.day_key,
          positions: new Map(),
        },
      ]),
    );
    for (const row of positions)
      byId.get(row.external_id)?.positions.set(row.symbol, { netPos: row.net_pos, avgPrice: row.avg_price });
    return {
      accounts: [...byId.values()],
      orders: orders.map(orderOf),
      markets: markets.map((row) => ({ market: row.market, ticks: row.ticks, openTicks: row.open_ticks })),
    };
  }

  /**
   * Stores one batch atomically: all of it or none of it (the writer then tries again). One node with the
   * journal: the batch is one row of the journal, a single short insert, since every command and fill on the venue
   * waits for this write; the journal is applied to the tables a moment later (`applyJournal`). Without it: one
   * statement into the tables. Several nodes: the fence's check and the rows it admits share one transaction (the
   * lease rows stay locked), written to the tables directly.
   */
  async write(written: LedgerBatch): Promise<void> {
    const fence = this.fence;
    if (fence === null && this.file !== null) {
      this.file.append(rowsOf(written));
      return;
    }
    if (fence === null && this.journal) {
      await this.db.query(`INSERT INTO sim_ledger_journal (batch) VALUES ($1::jsonb)`, [
        JSON.stringify(rowsOf(written)),
      ]);
      return;
    }
    if (fence === null) return storeRows(this.db, rowsOf(written));
    await this.db.tx(async (tx) => storeRows(tx, rowsOf(await fence.admit(tx, written))));
  }

  /**
   * Moves the journal's batches into the ledger tables, in one transaction: the latest state of each account,
   * position, order and market, and every fill. Answers how many batches it applied.
   */
  applyJournal(): Promise<number> {
    // One move at a time: two moves of the same batches could store an older state over a newer one.
    const run = this.applying.then(() => this.moveJournal());
    this.applying = run.catch(() => undefined);
    return run;
  }

  private async moveJournal(): Promise<number> {
    // The table's batches are older than any in the files (written by an earlier version, or before the files).
    const fromTable = this.tableDrained ? 0 : await this.moveJournalTable();
    if (this.file === null) return fromTable;
    this.tableDrained = true;
    const { through, values } = this.file.pending();
    if (values.length > 0) await storeRows(this.db, mergeRows(values));
    this.file.discardThrough(through);
    return fromTable + values.length;
  }

  private async moveJournalTable(): Promise<number> {
    return this.db.tx(async (tx) => {
      const journal = await tx.query<{ seq: number; batch: LedgerRows }>(
        `SELECT seq, batch FROM sim_ledger_journal ORDER BY seq FOR UPDATE`,
      );
      if (journal.length === 0) return 0;
      await storeRows(tx, mergeRows(journal.map((row) => row.batch)));
      // By the numbers read (and locked: a second mover waits, then finds them gone): a batch appended meanwhile
      // stays for the next turn.
      await tx.query(`DELETE FROM sim_ledger_journal WHERE seq = ANY($1::bigint[])`, [
        journal.map((row) => row.seq),
      ]);
      return journal.length;
    });
  }
}

/** A batch as the tables' rows: what the journal holds and what one statement upserts. */
export interface LedgerRows {
  accounts: AccountRecord[];
  positions: PositionRecord[];
  orders: OrderRecord[];
  fills: FillRecord[];
  markets: MarketRecord[];
}

interface AccountRecord {
  external_id: string;
  name: string;
  starting_balance: number;
  realized_total: number;
  realized_day: number;
  day_key: string;
}

interface PositionRecord {
  external_id: string;
  symbol: string;
  net_pos: number;
  avg_price: number;
}

interface FillRecord {
  fill_id: string;
  order_id: string;
  external_id: string;
  symbol: string;
  side: string;
  qty: number;
  price: number;
  time_ms: number;
}

interface MarketRecord {
  market: Market;
  ticks: number;
  open_ticks: number;
}

/** A journal line read back is a batch when it has every list (a damaged line is skipped, not stored). */
export function isLedgerRows(value: unknown): value is LedgerRows {
  if (typeof value !== 'object' || value === null) return false;
  const rows = value as Record<string, unknown>;
  return ['accounts', 'positions', 'orders', 'fills', 'markets'].every((key) => Array.isArray(rows[key]));
}

function rowsOf(batch: LedgerBatch): LedgerRows {
  return {
    accounts: batch.accounts.map((a) => ({
      external_id: a.externalId,
      name: a.name,
      starting_balance: a.startingBalance,
      realized_total: a.realizedTotal,
      realized_day: a.realizedDay,
      day_key: a.dayKey,
    })),
    positions: batch.accounts.flatMap((a) =>
      [...a.positions].map(([symbol, p]) => ({
        external_id: a.externalId,
        symbol,
        net_pos: p.netPos,
        avg_price: p.avgPrice,
      })),
    ),
    orders: batch.orders.map(recordOf),
    fills: batch.fills.map((f) => ({
      fill_id: f.fillId,
      order_id: f.orderId,
      external_id: f.accountExternalId,
      symbol: f.symbol,
      side: f.side,
      qty: f.qty,
      price: f.price,
      time_ms: f.time,
    })),
    markets: batch.markets.map((m) => ({ market: m.market, ticks: m.ticks, open_ticks: m.openTicks })),
  };
}

/**
 * Several batches as one: the later row of the same account, position, order or market wins (one statement
 * may not upsert a row twice); fills are kept, each once.
 */
function mergeRows(batches: readonly LedgerRows[]): LedgerRows {
  const latest = <T>(pick: (rows: LedgerRows) => T[], key: (row: T) => string): T[] => {
    const byKey = new Map<string, T>();
    for (const batch of batches) for (const row of pick(batch)) byKey.set(key(row), row);
    return [...byKey.values()];
  };
  return {
    accounts: latest(
      (b) => b.accounts,
      (a) => a.external_id,
    ),
    positions: latest(
      (b) => b.positions,
      (p) => `${p.external_id}\u0000${p.symbol}`,
    ),
    orders: latest(
      (b) => b.orders,
      (o) => o.order_id,
    ),
    fills: latest(
      (b) => b.fills,
      (f) => f.fill_id,
    ),
    markets: latest(
      (b) => b.markets,
      (m) => m.market,
    ),
  };
}

/**
 * One statement whose parts are data-modifying CTEs: atomic on its own. PostgreSQL runs every data-modifying
 * part to completion even though the final SELECT reads none of them, and checks the foreign keys to
 * `sim_accounts` at the end of the statement, after the accounts part.
 */
async function storeRows(db: Db, rows: LedgerRows): Promise<void> {
  await db.query(
    `WITH accounts AS (
       INSERT INTO sim_accounts (external_id, name, starting_balance, realized_total, realized_day, day_key)
       SELECT x.external_id, x.name, x.starting_balance, x.realized_total, x.realized_day, x.day_key
       FROM jsonb_to_recordset($1::jsonb) AS x(external_id text, name text, starting_balance numeric,
         realized_total double precision, realized_day double precision, day_key text)
       ON CONFLICT (external_id) DO UPDATE SET realized_total = EXCLUDED.realized_total,
         realized_day = EXCLUDED.realized_day, day_key = EXCLUDED.day_key, updated_at = now()),
     positions AS (
       INSERT INTO sim_positions (external_id, symbol, net_pos, avg_price)
       SELECT x.external_id, x.symbol, x.net_pos, x.avg_price
       FROM jsonb_to_recordset($2::jsonb) AS x(external_id text, symbol text, net_pos integer, avg_price double precision)
       ON CONFLICT (external_id, symbol) DO UPDATE SET net_pos = EXCLUDED.net_pos, avg_price = EXCLUDED.avg_price),
     orders AS (
       INSERT INTO sim_orders (order_id, external_id, client_order_id, symbol, side, qty, filled_qty, order_type, price,
         stop_price, status, reason, parent_order_id, oco_with, bracket, time_ms, venue_type, trail, triggered)
       SELECT x.order_id, x.external_id, x.client_order_id, x.symbol, x.side, x.qty, x.filled_qty, x.order_type, x.price,
         x.stop_price, x.status, x.reason, x.parent_order_id, x.oco_with, x.bracket, x.time_ms, x.venue_type, x.trail,
         coalesce(x.triggered, false)
       FROM jsonb_to_recordset($3::jsonb) AS x(order_id text, external_id text, client_order_id text, symbol text, side text,
         qty integer, filled_qty integer, order_type text, price double precision, stop_price double precision, status text,
         reason text, parent_order_id text, oco_with text, bracket jsonb, time_ms double precision, venue_type text,
         trail double precision, triggered boolean)
       ON CONFLICT (order_id) DO UPDATE SET qty = EXCLUDED.qty, filled_qty = EXCLUDED.filled_qty,
         order_type = EXCLUDED.order_type, price = EXCLUDED.price, stop_price = EXCLUDED.stop_price,
         status = EXCLUDED.status, reason = EXCLUDED.reason, oco_with = EXCLUDED.oco_with,
         venue_type = EXCLUDED.venue_type, trail = EXCLUDED.trail, triggered = EXCLUDED.triggered),
     fills AS (
       INSERT INTO sim_fills (fill_id, order_id, external_id, symbol, side, qty, price, time_ms)
       SELECT x.fill_id, x.order_id, x.external_id, x.symbol, x.side, x.qty, x.price, x.time_ms
       FROM jsonb_to_recordset($4::jsonb) AS x(fill_id text, order_id text, external_id text, symbol text, side text,
         qty integer, price double precision, time_ms double precision)
       ON CONFLICT (fill_id) DO NOTHING),
     markets AS (
       INSERT INTO sim_markets (market, ticks, open_ticks)
       SELECT x.market, x.ticks, x.open_ticks FROM jsonb_to_recordset($5::jsonb) AS x(market text, ticks bigint, open_ticks bigint)
       ON CONFLICT (market) DO UPDATE SET ticks = EXCLUDED.ticks, open_ticks = EXCLUDED.open_ticks)
     SELECT 1`,
    [
      JSON.stringify(rows.accounts),
      JSON.stringify(rows.positions),
      JSON.stringify(rows.orders),
      JSON.stringify(rows.fills),
      JSON.stringify(rows.markets),
    ],
  );
}

export interface OrderRecord {
  order_id: string;
  external_id: string;
  client_order_id: string | null;
  symbol: string;
  side: PaperOrder['side'];
  qty: number;
  filled_qty: number;
  order_type: PaperOrder['type'];
  price: number | null;
  stop_price: number | null;
  status: PaperOrder['status'];
  reason: string | null;
  parent_order_id: string | null;
  oco_with: string | null;
  bracket: PaperOrder['bracket'] | null;
  time_ms: number;
  /** Null on rows stored before the venue had more types than the engine's (they are their `order_type`). */
  venue_type: PaperOrder['kind'] | null;
  trail: number | null;
  triggered: boolean | null;
}

function recordOf(order: PaperOrder): OrderRecord {
  return {
    order_id: order.orderId,
    external_id: order.accountExternalId,
    client_order_id: order.clientOrderId,
    symbol: order.symbol,
    side: order.side,
    qty: order.qty,
    filled_qty: order.filledQty,
    order_type: order.type,
    price: order.price,
    stop_price: order.stopPrice,
    status: order.status,
    reason: order.reason,
    parent_order_id: order.parentOrderId,
    oco_with: order.ocoWith,
    bracket: order.bracket ?? null,
    time_ms: order.time,
    venue_type: order.kind,
    trail: order.trail,
    triggered: order.triggered,
  };
}

export function orderOf(row: OrderRecord): PaperOrder {
  return {
    orderId: row.order_id,
    clientOrderId: row.client_order_id,
    accountExternalId: row.external_id,
    symbol: row.symbol,
    side: row.side,
    qty: row.qty,
    filledQty: row.filled_qty,
    type: row.order_type,
    price: row.price,
    stopPrice: row.stop_price,
    status: row.status,
    reason: row.reason,
    parentOrderId: row.parent_order_id,
    time: row.time_ms,
    bracket: row.bracket ?? undefined,
    ocoWith: row.oco_with,
    kind: row.venue_type ?? row.order_type,
    trail: row.trail ?? null,
    triggered: row.triggered ?? false,
  };
}
