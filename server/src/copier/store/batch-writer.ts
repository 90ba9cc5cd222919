import type { Db } from '../../db/db';
import { CLAIM_ROW_COLUMNS, CLAIM_SKIP_COLUMNS, type ClaimSkipRow } from './claim-rows';
import type { IntentJournal, JournalEntry } from './intent-journal';
import { FencedRowsError, type WriteFence } from './store-fence';
import { withFields } from '../../runtime/with-fields';
import { claimRecord, settleClaims, type PlacedOrder } from './settled-claims';

/** A copy's latest known state: outcomes and broker events merged, later values winning. */
export interface CopyPatch {
  client_order_id: string;
  status: string;
  broker_order_id: string | null;
  reason: string | null;
  price: number | null;
  qty: number | null;
  sent_ms: number | null;
  ack_ms: number | null;
  /** Its reason replaces the stored one even when null (an outcome recorded as unknown, learned later). */
  clear_reason?: boolean;
}

/** An order row seen from the broker (leader and manual orders), keyed by account and broker order id. */
export interface OrderRow {
  user_id: number;
  account_id: number;
  role: string;
  broker_order_id: string;
  symbol: string;
  order_type: string;
  side: string;
  qty: number;
  price: number | null;
  stop_price: number | null;
  status: string;
  reason: string | null;
  created_ms: number;
}

export interface FillRecord {
  user_id: number;
  account_id: number;
  fill_id: string;
  broker_order_id: string;
  symbol: string;
  side: string;
  qty: number;
  price: number;
  filled_ms: number;
}

/** A skip recorded on its own (reconciliation), outside a claim. */
export interface SkipRow extends ClaimSkipRow {
  user_id: number;
  event_key: string;
}

const FLUSH_MS = 25;
/** After a failed write the claims are tried again, but not in a tight loop against a database that is down. */
const RETRY_MS = 1_000;

/**
 * Records that are not on the copy's critical path are merged in memory and written a moment later in
 * a few set-based statements (whatever the number of followers), so the hot path never waits for them and
 * an embedded database is not flooded with one statement per row. Claims already in the intent journal are
 * written first; their journal segments are deleted once the batch is stored, and kept (the claims queued
 * again) when it fails.
 */
export class BatchWriter {
  private claims: JournalEntry[] = [];
  private copies = new Map<string, CopyPatch>();
  private orders = new Map<string, OrderRow>();
  private fills: FillRecord[] = [];
  private skips: SkipRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly journal: IntentJournal | null = null,
    /** Several nodes: rows are stored only for the users whose copy group the fence says this node still owns. */
    private readonly fence: WriteFence | null = null,
  ) {}

  addClaims(entries: readonly JournalEntry[]): void {
    this.claims.push(...entries);
    this.arm();
  }

  patchCopy(patch: CopyPatch): void {
    const known = this.copies.get(patch.client_order_id);
    this.copies.set(patch.client_order_id, known === undefined ? patch : mergeCopy(known, patch));
    this.arm();
  }

  upsertOrder(row: OrderRow): void {
    const key = orderKey(row);
    const known = this.orders.get(key);
    this.orders.set(key, known === undefined ? row : mergeOrder(known, row));
    this.arm();
  }

  addFill(fill: FillRecord): void {
    this.fills.push(fill);
    this.arm();
  }

  addSkip(skip: SkipRow): void {
    this.skips.push(skip);
    this.arm();
  }

  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const claims = this.claims;
    const copies = [...this.copies.values()];
    const orders = [...this.orders.values()];
    const fills = this.fills;
    const skips = this.skips;
    // Every claim in this batch was appended before this point, so it sits in a segment up to this one.
    const segment = this.journal?.rotate() ?? 0;
    this.claims = [];
    this.copies = new Map();
    this.orders = new Map();
    this.fills = [];
    this.skips = [];
    const batch: Batch = { claims, copies, orders, fills, skips };
    this.running = this.running.then(() => this.store(batch, segment));
    return this.running;
  }

  /**
   * One transaction for the whole batch. When it fails on a row's data (a key taken, a reference gone), the
   * batch is written again row by row, so that row is reported and dropped and every other row is stored;
   * when it fails for any other reason (the database unreachable) nothing is dropped: the rows go back into
   * the queue, under anything newer queued meanwhile, and are tried again.
   */
  private async store(batch: Batch, segment: number): Promise<void> {
    let retry: Batch;
    try {
      await this.write(batch);
      this.journal?.discardThrough(segment);
      return;
    } catch (error: unknown) {
      if (!isRowError(error)) {
        this.onError(error);
        retry = batch;
      } else retry = await this.writeRowByRow(batch);
    }
    if (sizeOf(retry) === 0) {
      this.journal?.discardThrough(segment);
      return;
    }
    this.requeue(retry);
    this.arm(RETRY_MS);
  }

  /** Answers the rows that failed for a reason other than their own data (to be tried again). */
  private async writeRowByRow(batch: Batch): Promise<Batch> {
    const retry: Batch = { claims: [], copies: [], orders: [], fills: [], skips: [] };
    const each = async <K extends keyof Batch>(kind: K): Promise<void> => {
      for (const row of batch[kind]) {
        const single: Batch = { claims: [], copies: [], orders: [], fills: [], skips: [] };
        (single[kind] as unknown[]).push(row);
        try {
          await this.write(single);
        } catch (error: unknown) {
          if (isRowError(error)) this.onError(new RowWriteError(kind, row, error));
          else {
            this.onError(error);
            (retry[kind] as unknown[]).push(row);
          }
        }
      }
    };
    // Claims first: copies update the rows their claim inserted.
    await each('claims');
    await each('skips');
    await each('orders');
    await each('copies');
    await each('fills');
    return retry;
  }

  private requeue(batch: Batch): void {
    this.claims = [...batch.claims, ...this.claims];
    this.skips = [...batch.skips, ...this.skips];
    this.fills = [...batch.fills, ...this.fills];
    for (const older of batch.copies) {
      const newer = this.copies.get(older.client_order_id);
      this.copies.set(older.client_order_id, newer === undefined ? older : mergeCopy(older, newer));
    }
    for (const older of batch.orders) {
      const newer = this.orders.get(orderKey(older));
      this.orders.set(orderKey(older), newer === undefined ? older : mergeOrder(older, newer));
    }
  }

  private arm(delay = FLUSH_MS): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => void this.flush(), delay);
    this.timer.unref();
  }

  private async write(batch: Batch): Promise<void> {
    if (sizeOf(batch) === 0) return;
    await this.db.tx(async (tx) => {
      const { claims, copies, skips, fills, ...admitted } =
        this.fence === null ? batch : await this.admitted(tx, this.fence, batch);
      let orders = admitted.orders;
      let patches = copies;
      if (claims.length > 0) {
        // A copy claimed and answered within one batch is inserted as it stands: no second version of its row.
        const settled = settleClaims(claims, copies);
        if (settled.placed.length > 0) {
          await mergeManualRows(tx, settled.placed);
          const placed = new Set(settled.placed.map(orderKey));
          orders = orders.filter((row) => !(row.role === 'manual' && placed.has(orderKey(row))));
        }
        const applied = await writeClaims(tx, claims, settled.patches);
        if (applied.size > 0) patches = copies.filter((copy) => !applied.has(copy.client_order_id));
      }
      if (skips.length > 0) {
        await tx.query(
          `INSERT INTO copy_orders (user_id, account_id, role, event_key, symbol, order_type, side, qty, price, status, reason)
           SELECT x.user_id, x.account_id, 'copy', x.event_key, x.symbol, x.order_type, x.side, x.qty, x.price, x.status, x.reason
           FROM jsonb_to_recordset($1::jsonb) AS x(user_id integer, account_id integer, event_key text, symbol text, order_type text, side text,
             qty numeric, price numeric, status text, reason text)`,
          [JSON.stringify(skips)],
        );
      }
      if (orders.length > 0) {
        await tx.query(
          `INSERT INTO copy_orders (user_id, account_id, role, broker_order_id, symbol, order_type, side, qty, price, stop_price, status, reason, created_at)
           SELECT x.user_id, x.account_id, x.role, x.broker_order_id, x.symbol, x.order_type, x.side, x.qty, x.price, x.stop_price, x.status, x.reason,
             to_timestamp(x.created_ms / 1000.0)
           FROM jsonb_to_recordset($1::jsonb) AS x(user_id integer, account_id integer, role text, broker_order_id text, symbol text, order_type text,
             side text, qty numeric, price numeric, stop_price numeric, status text, reason text, created_ms double precision)
           ON CONFLICT (account_id, broker_order_id) DO UPDATE SET status = EXCLUDED.status, qty = EXCLUDED.qty,
             price = coalesce(EXCLUDED.price, copy_orders.price), reason = coalesce(EXCLUDED.reason, copy_orders.reason), updated_at = now()`,
          [JSON.stringify(orders)],
        );
      }
      if (patches.length > 0) {
        // Each statement also names its rows' ids as an array: the planner then knows how few rows it touches
        // and takes them by index. Joined only to the patches' records (estimated at 100 rows whatever their
        // number), it scanned every copy ever stored, once per batch (12 ms at 10,000 rows on the embedded
        // database, growing with the history).
        const ids = patches.map((copy) => copy.client_order_id);
        // A broker feed may report the copy before placeorder's answer, without our client order id (Tradovate's
        // order entity has none): that row is this same order, recorded as manual. Merge it into the copy. A
        // manual row never holds a client order id (only claims write one, as copies); asking for none here led
        // the planner to every row without one (every leader and manual order) instead of the pair's index.
        const placed = patches.filter((copy) => copy.broker_order_id != null);
        if (placed.length > 0)
          await tx.query(
            `DELETE FROM copy_orders d
             USING copy_orders c, jsonb_to_recordset($1::jsonb) AS x(client_order_id text, broker_order_id text)
             WHERE c.client_order_id = ANY($2::text[]) AND c.client_order_id = x.client_order_id
               AND d.account_id = c.account_id AND d.broker_order_id = x.broker_order_id AND d.role = 'manual'`,
            [
              JSON.stringify(
                placed.map(({ client_order_id, broker_order_id }) => ({ client_order_id, broker_order_id })),
              ),
              placed.map((copy) => copy.client_order_id),
            ],
          );
        await tx.query(
          `UPDATE copy_orders o SET status = x.status, broker_order_id = coalesce(x.broker_order_id, o.broker_order_id),
             reason = CASE WHEN x.clear_reason THEN x.reason ELSE coalesce(x.reason, o.reason) END, price = coalesce(x.price, o.price), qty = coalesce(x.qty, o.qty),
             sent_ms = coalesce(x.sent_ms, o.sent_ms), ack_ms = coalesce(x.ack_ms, o.ack_ms), resolved = true, updated_at = now()
           FROM jsonb_to_recordset($1::jsonb) AS x(client_order_id text, status text, broker_order_id text, reason text, price numeric, qty numeric,
             sent_ms double precision, ack_ms double precision, clear_reason boolean)
           WHERE o.client_order_id = ANY($2::text[]) AND o.client_order_id = x.client_order_id`,
          [JSON.stringify(patches), ids],
        );
      }
      if (fills.length > 0) {
        await tx.query(
          `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
           SELECT x.user_id, x.account_id, x.fill_id, x.broker_order_id, x.symbol, x.side, x.qty, x.price, to_timestamp(x.filled_ms / 1000.0)
           FROM jsonb_to_recordset($1::jsonb) AS x(user_id integer, account_id integer, fill_id text, broker_order_id text, symbol text, side text,
             qty numeric, price numeric, filled_ms double precision)
           ON CONFLICT (account_id, fill_id) DO NOTHING`,
          [JSON.stringify(fills)],
        );
      }
    });
  }

  /** The rows of the batch whose group this node still owns (checked in `tx`); the others are reported. */
  private async admitted(tx: Db, fence: WriteFence, batch: Batch): Promise<Batch> {
    // A copy patch names only its client order id: its user is the one of the row its claim stored.
    const copyUsers = new Map<string, number>();
    if (batch.copies.length > 0) {
      const rows = await tx.query<{ client_order_id: string; user_id: number }>(
        `SELECT client_order_id, user_id FROM copy_orders WHERE client_order_id = ANY($1::text[])`,
        [batch.copies.map((copy) => copy.client_order_id)],
      );
      for (const row of rows) copyUsers.set(row.client_order_id, row.user_id);
    }
    const userOf = (row: { user_id: number } | { userId: number }): number =>
      'user_id' in row ? row.user_id : row.userId;
    const live = await fence.liveOwners(tx, [
      ...batch.claims.map(userOf),
      ...batch.skips.map(userOf),
      ...batch.orders.map(userOf),
      ...batch.fills.map(userOf),
      ...copyUsers.values(),
    ]);
    const owned = (row: { user_id: number } | { userId: number }): boolean => live.has(userOf(row));
    const admitted: Batch = {
      claims: batch.claims.filter(owned),
      skips: batch.skips.filter(owned),
      orders: batch.orders.filter(owned),
      fills: batch.fills.filter(owned),
      // A patch whose row is not stored has nothing to update: it goes through and changes nothing.
      copies: batch.copies.filter((copy) => {
        const userId = copyUsers.get(copy.client_order_id);
        return userId === undefined || live.has(userId);
      }),
    };
    const refused = sizeOf(batch) - sizeOf(admitted);
    if (refused > 0) this.onError(new FencedRowsError(refused));
    return admitted;
  }
}

interface Batch {
  claims: JournalEntry[];
  copies: CopyPatch[];
  orders: OrderRow[];
  fills: FillRecord[];
  skips: SkipRow[];
}

function sizeOf(batch: Batch): number {
  return (
    batch.claims.length + batch.copies.length + batch.orders.length + batch.fills.length + batch.skips.length
  );
}

function orderKey(row: Pick<OrderRow, 'account_id' | 'broker_order_id'>): string {
  return `${row.account_id}|${row.broker_order_id}`;
}

/** A copy's later patch over an earlier one: later values win, what the later one does not know is kept. */
function mergeCopy(older: CopyPatch, newer: CopyPatch): CopyPatch {
  return {
    client_order_id: newer.client_order_id,
    status: newer.status,
    broker_order_id: newer.broker_order_id ?? older.broker_order_id,
    reason: newer.reason ?? (newer.clear_reason === true ? null : older.reason),
    price: newer.price ?? older.price,
    qty: newer.qty ?? older.qty,
    sent_ms: newer.sent_ms ?? older.sent_ms,
    ack_ms: newer.ack_ms ?? older.ack_ms,
    // A reason cleared before still clears the stored one when the newer patch brings none.
    clear_reason: newer.clear_reason === true || older.clear_reason === true,
  };
}

function mergeOrder(older: OrderRow, newer: OrderRow): OrderRow {
  return {
    ...newer,
    created_ms: older.created_ms,
    price: newer.price ?? older.price,
    reason: newer.reason ?? older.reason,
  };
}

/**
 * A failure caused by a row's own data (SQLSTATE class 22, data exception, or 23, integrity constraint): writing
 * it again fails again. Both database drivers put the SQLSTATE in `code`.
 */
function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** A row the database refused: reported with the row, so it can be found, while the rest of its batch is stored. */
export class RowWriteError extends Error {
  constructor(
    readonly kind: string,
    readonly row: unknown,
    readonly cause: unknown,
  ) {
    super(
      `Copier ${kind} row not stored: ${cause instanceof Error ? cause.message : String(cause)} (${JSON.stringify(row)})`,
    );
    this.name = 'RowWriteError';
  }
}

/** Rows recorded as manual for orders that are settled claims' copies (the broker reported them first): dropped. */
async function mergeManualRows(tx: Db, placed: readonly PlacedOrder[]): Promise<void> {
  // The arrays lead the planner to the pair's index, as the patches' statements below.
  await tx.query(
    `DELETE FROM copy_orders d USING jsonb_to_recordset($1::jsonb) AS x(account_id integer, broker_order_id text)
     WHERE d.account_id = ANY($2::int[]) AND d.broker_order_id = ANY($3::text[])
       AND d.account_id = x.account_id AND d.broker_order_id = x.broker_order_id AND d.role = 'manual'`,
    [JSON.stringify(placed), placed.map((row) => row.account_id), placed.map((row) => row.broker_order_id)],
  );
}

/**
 * Claims taken in the process: idempotent (a journal segment may be read back after it was stored), and an
 * event of a user or account deleted meanwhile is dropped instead of failing the batch. A follower order with a
 * patch is stored as the patch leaves it; answers the client order ids stored so (a patch whose row was already
 * stored, or not stored, is still to be applied).
 */
async function writeClaims(
  tx: Db,
  entries: JournalEntry[],
  patches: ReadonlyMap<string, CopyPatch> = new Map(),
): Promise<Set<string>> {
  // One statement does not see its own rows: an entry read back twice is kept once.
  const claims = [...new Map(entries.map((entry) => [entry.eventKey, entry])).values()];
  await tx.query(
    `INSERT INTO copy_events (event_key, user_id, created_at)
     SELECT x.event_key, x.user_id, to_timestamp(x.at / 1000.0)
     FROM jsonb_to_recordset($1::jsonb) AS x(event_key text, user_id integer, at double precision)
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(claims.map((c) => ({ event_key: c.eventKey, user_id: c.userId, at: c.at })))],
  );
  const rows = claims.flatMap((c) =>
    c.intents.map((intent) => claimRecord(c, intent, patches.get(intent.client_order_id))),
  );
  const skips = claims.flatMap((c) =>
    (c.skips ?? []).map((skip) => withFields(skip, { event_key: c.eventKey, user_id: c.userId, at: c.at })),
  );
  if (skips.length > 0)
    await tx.query(
      `INSERT INTO copy_orders (user_id, account_id, role, event_key, symbol, order_type, side, qty, price, status, reason, created_at)
       SELECT x.user_id, x.account_id, 'copy', x.event_key, x.symbol, x.order_type, x.side, x.qty, x.price, x.status, x.reason,
         to_timestamp(x.at / 1000.0)
       FROM jsonb_to_recordset($1::jsonb) AS x(user_id integer, event_key text, at double precision, ${CLAIM_SKIP_COLUMNS})
       WHERE EXISTS (SELECT 1 FROM broker_accounts a WHERE a.id = x.account_id AND a.user_id = x.user_id)
         AND NOT EXISTS (SELECT 1 FROM copy_orders o WHERE o.user_id = x.user_id AND o.event_key = x.event_key
           AND o.account_id = x.account_id AND o.client_order_id IS NULL)`,
      [JSON.stringify(skips)],
    );
  if (rows.length === 0) return new Set();
  const stored = await tx.query<{ client_order_id: string }>(
    `INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, price, stop_price,
       status, leader_order_id, is_exit, reason, resolved, broker_order_id, sent_ms, ack_ms, created_at)
     SELECT x.user_id, x.account_id, 'copy', x.client_order_id, x.event_key, x.symbol, x.order_type, x.side, x.qty, x.price, x.stop_price,
       coalesce(x.status, 'Pending New'), x.leader_order_id, x.is_exit, x.reason, coalesce(x.resolved, false), x.broker_order_id,
       x.sent_ms, x.ack_ms, to_timestamp(x.at / 1000.0)
     FROM jsonb_to_recordset($1::jsonb) AS x(user_id integer, event_key text, at double precision, ${CLAIM_ROW_COLUMNS},
       status text, resolved boolean, broker_order_id text, sent_ms double precision, ack_ms double precision)
     WHERE EXISTS (SELECT 1 FROM broker_accounts a WHERE a.id = x.account_id AND a.user_id = x.user_id)
     ON CONFLICT (client_order_id) DO NOTHING
     RETURNING client_order_id`,
    [JSON.stringify(rows)],
  );
  return new Set(stored.map((row) => row.client_order_id).filter((id) => patches.has(id)));
}
