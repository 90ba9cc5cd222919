import type { BrokerEvent } from '../types';
import { type Json, list, num } from './json';
import type { ProjectXRest } from './rest-client';
import type { ProjectXState } from './state';

/**
 * Trades are read from this long before the previous check started: the gateway's clock and ours may differ,
 * and a trade read twice counts once (trades are kept by id).
 */
export const CHECK_OVERLAP_MS = 60_000;

/** Requests one check spends: the accounts once, then trades, open orders and positions per account. */
export const requestsPerCheck = (accounts: number): number => 1 + 3 * accounts;

/**
 * The hub replays nothing, and an event it drops on a live connection is never announced by a disconnect.
 * So the session compares its state with the gateway's now and then, and what a lost push would have told
 * goes through the same state as a push (each trade once, a fill counted from a trade or an order's
 * `fillVolume`, never both):
 * - `Trade/search` since the previous check: fills whose trade push was lost;
 * - `Order/searchOpen`: orders placed or changed unheard; a working order it no longer lists finished
 *   unheard, so only then the history (`Order/search`) tells how (filled, cancelled, rejected, expired);
 * - `Position/searchOpen`: positions opened, changed or closed unheard;
 * - `Account/search`: balance and `canTrade` (a firm's loss lock).
 * `tradesFrom` is where the previous check (or the session's opening catch-up) left off.
 */
export async function checkForMissedEvents(
  rest: ProjectXRest,
  state: ProjectXState,
  accountRows: () => Promise<Json[]>,
  tradesFrom: number,
  historyLookbackMs: number,
): Promise<BrokerEvent[]> {
  const out: BrokerEvent[] = [];
  const accounts = await accountRows();
  for (const row of accounts) out.push(...state.applyAccount(row));
  const tradesSince = new Date(tradesFrom - CHECK_OVERLAP_MS).toISOString();
  for (const accountId of accounts.map((row) => num(row, 'id'))) {
    if (accountId === undefined) continue;
    const account = String(accountId);
    // Trades first: an order's fillVolume is then already covered by its trades and counts nothing twice.
    const trades = await rest.call('Trade/search', { accountId, startTimestamp: tradesSince });
    for (const trade of list(trades, 'trades')) out.push(...state.applyTrade(trade));
    const open = list(await rest.call('Order/searchOpen', { accountId }), 'orders');
    for (const order of open) out.push(...state.applyOrder(order));
    const listed = new Set(open.map((order) => String(num(order, 'id'))));
    const finishedUnheard = state
      .workingOrders()
      .some((order) => order.accountExternalId === account && !listed.has(order.orderId));
    if (finishedUnheard) {
      const since = new Date(Date.now() - historyLookbackMs).toISOString();
      const history = await rest.call('Order/search', { accountId, startTimestamp: since });
      for (const order of list(history, 'orders')) out.push(...state.applyOrder(order));
    }
    const positions = await rest.call('Position/searchOpen', { accountId });
    out.push(...state.loadPositions(account, list(positions, 'positions')));
  }
  return out;
}
