import { CONTRACTS } from '@synctrade/market';

/** The contracts' tick sizes and values as a SQL table, so slippage is computed where the rows are. */
const TICKS = Object.values(CONTRACTS)
  .map((c) => `('${c.root}', ${c.tickSize}::numeric, ${c.tickValue}::numeric)`)
  .join(', ');

/** Leader fills of a user in [$2, $3): those the engine claimed as events. */
export const LEADER_FILLS_CTE = `
lf AS (
  SELECT f.account_id AS leader_id, f.symbol AS leader_symbol, f.side AS leader_side, f.qty AS leader_qty,
         f.price AS leader_price, f.filled_at, e.event_key
    FROM copy_fills f
    JOIN copy_events e ON e.event_key = 'f' || f.account_id || '-' || f.fill_id AND e.user_id = $1
   WHERE f.user_id = $1 AND f.filled_at >= $2 AND f.filled_at < $3
)`;

/**
 * How a copy order's fills are found. `period`: every fill of the user from the period's start, summed per order in
 * one pass and joined by hash (a copy fills after its leader fill, so never before $2), for all of a period's
 * copies at once. `each`: the order's own fills by index, for a few copies (a page).
 */
const ORDER_FILLS = {
  period: `LEFT JOIN (
      SELECT account_id, broker_order_id, sum(qty) AS filled_qty, sum(qty * price) / nullif(sum(qty), 0) AS fill_price,
             max(filled_at) AS last_fill
        FROM copy_fills
       WHERE user_id = $1 AND filled_at >= $2 AND broker_order_id IS NOT NULL
       GROUP BY account_id, broker_order_id
    ) fl ON fl.account_id = o.account_id AND fl.broker_order_id = o.broker_order_id`,
  each: `LEFT JOIN LATERAL (
      SELECT sum(cf.qty) AS filled_qty, sum(cf.qty * cf.price) / nullif(sum(cf.qty), 0) AS fill_price,
             max(cf.filled_at) AS last_fill
        FROM copy_fills cf
       WHERE o.broker_order_id IS NOT NULL AND cf.account_id = o.account_id AND cf.broker_order_id = o.broker_order_id
    ) fl ON true`,
};

/**
 * `oc`: each leader fill of the CTE named `leaders` with every follower order planned or skipped for it, that
 * order's fills and its outcome. Read-only over the engine's tables.
 */
export const outcomesCte = (leaders: string, fills: keyof typeof ORDER_FILLS): string => `
oc AS (
  SELECT lf.event_key, lf.filled_at, lf.leader_price, o.id, o.account_id, o.client_order_id, o.symbol, o.side,
         o.qty, o.status, o.reason, coalesce(fl.filled_qty, 0) AS filled_qty, fl.fill_price, fl.last_fill,
         CASE WHEN o.client_order_id IS NULL THEN 'skipped'
              WHEN o.status = 'Rejected' THEN 'rejected'
              WHEN coalesce(fl.filled_qty, 0) >= o.qty THEN 'filled'
              WHEN coalesce(fl.filled_qty, 0) > 0 THEN 'partly_filled'
              WHEN o.status = 'Canceled' THEN 'superseded'
              ELSE 'waiting' END AS outcome,
         extract(epoch FROM fl.last_fill - lf.filled_at) * 1000 AS delay_ms,
         (fl.fill_price - lf.leader_price) * (CASE o.side WHEN 'buy' THEN 1 ELSE -1 END) / t.tick_size AS slip_ticks,
         (fl.fill_price - lf.leader_price) * (CASE o.side WHEN 'buy' THEN 1 ELSE -1 END) / t.tick_size
           * t.tick_value * fl.filled_qty AS slip_usd
    FROM ${leaders} lf
    JOIN copy_orders o ON o.user_id = $1 AND o.event_key = lf.event_key AND o.role = 'copy'
    ${ORDER_FILLS[fills]}
    LEFT JOIN (VALUES ${TICKS}) AS t(root, tick_size, tick_value)
      ON t.root = regexp_replace(o.symbol, '[FGHJKMNQUVXZ][0-9]{1,2}$', '')
)`;
