import type {
  CopyOutcomeKind,
  CopyStory,
  CopyStoryStep,
  FollowerOutcome,
  LeaderFillQuality,
  QualityFills,
} from '@synctrade/api/types';
import type { Db } from '../db/db';
import { LEADER_FILLS_CTE, outcomesCte } from './outcome-sql';
import { leaderFillCount } from './summary';

/** At most this many leader fills in one page of the list. */
export const MAX_FILLS_PAGE = 100;
/** At most this many rows (leader fill × follower) in one CSV export. */
export const MAX_CSV_ROWS = 50_000;
/** At most this many fills read for one order's story. */
export const MAX_STORY_FILLS = 50;

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const round = (v: number | null, digits: number): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

interface OutcomeRow {
  event_key: string;
  leader_id: number;
  leader_account: string;
  leader_symbol: string;
  leader_side: string;
  leader_qty: string;
  leader_price: string;
  filled_at: Date;
  id: string | null;
  account_id: number | null;
  account: string | null;
  client_order_id: string | null;
  symbol: string | null;
  qty: string | null;
  filled_qty: string | null;
  fill_price: string | null;
  delay_ms: string | null;
  slip_ticks: string | null;
  slip_usd: string | null;
  outcome: CopyOutcomeKind | null;
  reason: string | null;
}

// The page's leader fills are chosen first, so only their copies are read.
const OUTCOME_ROWS = (limitOffset: string, fills: 'each' | 'period') => `
  WITH ${LEADER_FILLS_CTE},
  page AS MATERIALIZED (
    SELECT lf.* FROM lf ORDER BY lf.filled_at DESC, lf.event_key DESC ${limitOffset}
  ),
  ${outcomesCte('page', fills)}
  SELECT page.event_key, page.leader_id, la.name AS leader_account, page.leader_symbol, page.leader_side,
         page.leader_qty, page.leader_price, page.filled_at,
         oc.id, oc.account_id, fa.name AS account, oc.client_order_id, oc.symbol, oc.qty, oc.filled_qty,
         oc.fill_price, oc.delay_ms, oc.slip_ticks, oc.slip_usd, oc.outcome, oc.reason
    FROM page JOIN broker_accounts la ON la.id = page.leader_id
    LEFT JOIN oc ON oc.event_key = page.event_key
    LEFT JOIN broker_accounts fa ON fa.id = oc.account_id
   ORDER BY page.filled_at DESC, page.event_key DESC, fa.name, oc.id`;

function groupFills(rows: OutcomeRow[]): LeaderFillQuality[] {
  const fills = new Map<string, LeaderFillQuality>();
  for (const row of rows) {
    let fill = fills.get(row.event_key);
    if (fill === undefined) {
      fill = {
        event_key: row.event_key,
        leader_account_id: Number(row.leader_id),
        leader_account: row.leader_account,
        symbol: row.leader_symbol,
        side: row.leader_side,
        qty: Number(row.leader_qty),
        price: Number(row.leader_price),
        time: new Date(row.filled_at).toISOString(),
        outcomes: [],
      };
      fills.set(row.event_key, fill);
    }
    if (row.outcome === null || row.account_id === null) continue;
    const outcome: FollowerOutcome = {
      account_id: Number(row.account_id),
      account: row.account ?? '',
      outcome: row.outcome,
      order_id: row.id === null ? null : Number(row.id),
      client_order_id: row.client_order_id,
      symbol: row.symbol ?? '',
      qty: Number(row.qty),
      filled_qty: Number(row.filled_qty ?? 0),
      fill_price: num(row.fill_price),
      delay_ms: round(num(row.delay_ms), 1),
      slippage_ticks: round(num(row.slip_ticks), 3),
      slippage_usd: round(num(row.slip_usd), 2),
      reason: row.reason,
    };
    fill.outcomes.push(outcome);
  }
  return [...fills.values()];
}

/** One page of the period's leader fills, newest first, each with every follower's outcome. */
export async function qualityFills(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
  page: number,
  pageSize: number,
): Promise<QualityFills> {
  const size = Math.min(pageSize, MAX_FILLS_PAGE);
  const [rows, total] = await Promise.all([
    db.query<OutcomeRow>(OUTCOME_ROWS(`LIMIT ${size} OFFSET ${(page - 1) * size}`, 'each'), [
      userId,
      from,
      to,
    ]),
    leaderFillCount(db, userId, from, to),
  ]);
  return { total, page, page_size: size, fills: groupFills(rows) };
}

const CSV_HEAD = [
  'leader_time',
  'leader_account',
  'symbol',
  'side',
  'leader_qty',
  'leader_price',
  'follower_account',
  'outcome',
  'follower_symbol',
  'qty',
  'filled_qty',
  'fill_price',
  'delay_ms',
  'slippage_ticks',
  'slippage_usd',
  'reason',
  'client_order_id',
];

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The period's leader fills and outcomes as CSV, at most `MAX_CSV_ROWS` leader fills. */
export async function qualityCsv(db: Db, userId: number, from: Date, to: Date): Promise<string> {
  const rows = await db.query<OutcomeRow>(OUTCOME_ROWS(`LIMIT ${MAX_CSV_ROWS}`, 'period'), [
    userId,
    from,
    to,
  ]);
  const lines = [CSV_HEAD.join(',')];
  for (const fill of groupFills(rows)) {
    const lead = [fill.time, fill.leader_account, fill.symbol, fill.side, fill.qty, fill.price];
    const outcomes = fill.outcomes.length === 0 ? [null] : fill.outcomes;
    for (const o of outcomes)
      lines.push(
        [
          ...lead,
          ...(o === null
            ? Array.from({ length: 11 }, () => null)
            : [
                o.account,
                o.outcome,
                o.symbol,
                o.qty,
                o.filled_qty,
                o.fill_price,
                o.delay_ms,
                o.slippage_ticks,
                o.slippage_usd,
                o.reason,
                o.client_order_id,
              ]),
        ]
          .map(csvCell)
          .join(','),
      );
  }
  return `${lines.join('\n')}\n`;
}

interface StoryOrderRow {
  id: string;
  client_order_id: string | null;
  event_key: string | null;
  account_id: number;
  account: string;
  broker_order_id: string | null;
  symbol: string;
  side: string;
  qty: string;
  status: string;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  sent_ms: number | null;
  ack_ms: number | null;
  event_at: Date | null;
}

/** The chain behind one of the user's copies (by id or client order id); null when the user has no such copy. */
export async function copyStory(db: Db, userId: number, ref: string): Promise<CopyStory | null> {
  const byId = /^\d{1,15}$/.test(ref);
  const [order] = await db.query<StoryOrderRow>(
    `SELECT o.id, o.client_order_id, o.event_key, o.account_id, a.name AS account, o.broker_order_id, o.symbol,
            o.side, o.qty, o.status, o.reason, o.created_at, o.updated_at, o.sent_ms, o.ack_ms, e.created_at AS event_at
       FROM copy_orders o JOIN broker_accounts a ON a.id = o.account_id
       LEFT JOIN copy_events e ON e.event_key = o.event_key AND e.user_id = o.user_id
      WHERE o.user_id = $1 AND o.role = 'copy' AND ${byId ? 'o.id = $2::bigint' : 'o.client_order_id = $2'}`,
    [userId, ref],
  );
  if (order === undefined) return null;
  const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());
  const steps: CopyStoryStep[] = [];
  const leaderFill = order.event_key?.startsWith('f')
    ? (
        await db.query<{
          symbol: string;
          side: string;
          qty: string;
          price: string;
          filled_at: Date;
          name: string;
        }>(
          `SELECT f.symbol, f.side, f.qty, f.price, f.filled_at, a.name
             FROM copy_fills f JOIN broker_accounts a ON a.id = f.account_id
            WHERE f.user_id = $1 AND 'f' || f.account_id || '-' || f.fill_id = $2`,
          [userId, order.event_key],
        )
      )[0]
    : undefined;
  steps.push({
    step: 'leader_event',
    time: leaderFill !== undefined ? iso(leaderFill.filled_at) : iso(order.event_at),
    detail:
      leaderFill !== undefined
        ? `${leaderFill.name} filled ${leaderFill.side} ${Number(leaderFill.qty)} ${leaderFill.symbol} @ ${Number(leaderFill.price)}`
        : `Event ${order.event_key ?? 'unknown'}`,
  });
  const qty = Number(order.qty);
  if (order.client_order_id === null) {
    steps.push({
      step: 'planned',
      time: iso(order.created_at),
      detail: `Not copied: ${order.reason ?? order.status}`,
    });
    return { order_id: Number(order.id), client_order_id: null, account: order.account, steps };
  }
  steps.push({
    step: 'planned',
    time: iso(order.created_at),
    detail: `${order.side} ${qty} ${order.symbol} planned for ${order.account}${order.reason === null || order.status === 'Rejected' ? '' : ` (${order.reason})`}`,
  });
  // sent_ms and ack_ms are measured from the moment the engine received the leader event (stored with the event).
  const after = (ms: number | null): string | null =>
    ms === null || order.event_at === null
      ? null
      : new Date(new Date(order.event_at).getTime() + ms).toISOString();
  if (order.sent_ms !== null)
    steps.push({
      step: 'sent',
      time: after(order.sent_ms),
      detail: `Sent as ${order.client_order_id} ${Math.round(order.sent_ms)} ms after the leader event`,
    });
  steps.push({
    step: 'broker_answer',
    time: order.ack_ms !== null ? after(order.ack_ms) : iso(order.updated_at),
    detail:
      order.status === 'Rejected'
        ? `Rejected: ${order.reason ?? 'no reason given'}`
        : order.status === 'Pending New'
          ? 'No answer yet'
          : `${order.status}${order.broker_order_id === null ? '' : ` (broker order ${order.broker_order_id})`}`,
  });
  if (order.broker_order_id !== null) {
    const fills = await db.query<{ qty: string; price: string; filled_at: Date }>(
      `SELECT qty, price, filled_at FROM copy_fills
        WHERE user_id = $1 AND account_id = $2 AND broker_order_id = $3 ORDER BY filled_at, id LIMIT ${MAX_STORY_FILLS}`,
      [userId, order.account_id, order.broker_order_id],
    );
    for (const fill of fills)
      steps.push({
        step: 'fill',
        time: iso(fill.filled_at),
        detail: `Filled ${Number(fill.qty)} @ ${Number(fill.price)}`,
      });
  }
  return {
    order_id: Number(order.id),
    client_order_id: order.client_order_id,
    account: order.account,
    steps,
  };
}
