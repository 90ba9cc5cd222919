/**
 * How much of its orders' history a broker session keeps in memory (Tradovate's feed state, ProjectX's state).
 * A session can stay up for days: every order of those days with its entities grew its memory, and each look for
 * working orders went through all of them. Nothing reads an old final order: reconciliation asks for working orders
 * and positions, a placement and a look-up after an uncertain send for the orders of their own client order id
 * (recent ones), and a look-up that misses reads the broker again, which holds the order again.
 */

/** Orders in a final status a session keeps, the newest first seen (final). */
export const FINAL_ORDERS_KEPT = 1_000;

/**
 * Ids of forgotten orders remembered: a replayed event of one, or a reconnect's snapshot or history of the day, does
 * not bring it back nor emit it or its fills again (nor count its P&L again). Past this many, the oldest are no
 * longer remembered.
 */
export const FORGOTTEN_ORDERS_REMEMBERED = 100_000;
