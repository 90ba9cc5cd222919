import type { BrokerEvent } from '../types';
import { type Json, list, num, str } from './json';
import type { ProjectXRest } from './rest-client';
import type { ProjectXState } from './state';
import { toContractId, toSymbol } from './symbols';

/**
 * Trades are read from this long before the previous check started: the gateway's clock and ours may differ,
 * and a trade read twice counts once (trades are kept by id).
 */
export const CHECK_OVERLAP_MS = 60_000;

/** Requests one check spends: two reads of accounts, open orders and positions, one of trades. */
export const requestsPerCheck = (accounts: number): number => 2 + 5 * accounts;

/** What the gateway says now of what pushes would have told (orders, positions and accounts may still change). */
interface GatewayView {
  accounts: Json[];
  open: Map<number, Json[]>;
  positions: Map<number, Json[]>;
}

async function readView(rest: ProjectXRest, accounts: Json[]): Promise<GatewayView> {
  const view: GatewayView = { accounts, open: new Map(), positions: new Map() };
  for (const accountId of idsOf(accounts)) {
    view.open.set(accountId, list(await rest.call('Order/searchOpen', { accountId }), 'orders'));
    view.positions.set(accountId, list(await rest.call('Position/searchOpen', { accountId }), 'positions'));
  }
  return view;
}

const idsOf = (rows: Json[]): number[] =>
  rows.map((row) => num(row, 'id')).filter((id): id is number => id !== undefined);

const orderPrint = (row: Json): string =>
  JSON.stringify([row.status, row.size, row.fillVolume, row.limitPrice, row.stopPrice]);
const positionPrint = (row: Json | undefined): string =>
  row === undefined ? 'flat' : JSON.stringify([row.type, row.size, row.averagePrice]);
const accountPrint = (row: Json): string => JSON.stringify([row.balance, row.canTrade]);

export interface MissedEventsCheck {
  /** The first look, taken outside the push order (nothing is applied from it). */
  first(): Promise<GatewayView>;
  /** The second look, in line with the pushes: what both looks agree on is applied. */
  confirm(first: GatewayView): Promise<BrokerEvent[]>;
}

/**
 * The hub replays nothing, and an event it drops on a live connection is never announced by a disconnect.
 * So the session compares its state with the gateway's now and then; what a lost push would have told goes
 * through the same state as a push (each trade once, a fill counted from a trade or an order's `fillVolume`,
 * never both).
 *
 * A REST answer may be older than a push still on its way (sent before the answer was made, received after
 * it): applied as it is, it would make the session's view flicker back. So orders, positions and accounts are
 * read twice, `confirmMs` apart (pushes sent before the first read have arrived by the second), and only what
 * did not change between the two reads is applied, after the pushes received meanwhile. Trades never change,
 * so they are read once: `Trade/search` since the previous check. A working order that neither read lists
 * finished unheard; only then the history (`Order/search`) tells how.
 */
export function missedEventsCheck(
  rest: ProjectXRest,
  state: ProjectXState,
  accountRows: () => Promise<Json[]>,
  tradesFrom: number,
  historyLookbackMs: number,
): MissedEventsCheck {
  return {
    first: async () => readView(rest, await accountRows()),
    async confirm(first) {
      const out: BrokerEvent[] = [];
      const second = await readView(rest, await accountRows());
      const before = new Map(first.accounts.map((row) => [num(row, 'id'), accountPrint(row)]));
      for (const row of second.accounts)
        if (before.get(num(row, 'id')) === accountPrint(row)) out.push(...state.applyAccount(row));
      const tradesSince = new Date(tradesFrom - CHECK_OVERLAP_MS).toISOString();
      for (const accountId of idsOf(second.accounts)) {
        const trades = list(
          await rest.call('Trade/search', { accountId, startTimestamp: tradesSince }),
          'trades',
        );
        const open = agreedOpenOrders(accountId, first, second);
        const finished = finishedUnheard(accountId, first, second);
        // Open orders and trades carry no tag: an order first seen here would reach the engine without its
        // client order id (as a trade by hand), so the history, which has the tags, is read first.
        const untagged = new Set(
          [...trades.map((row) => num(row, 'orderId')), ...open.map((row) => num(row, 'id'))]
            .filter((id): id is number => id !== undefined)
            .map(String)
            .filter((id) => !state.tagSettled(id)),
        );
        if (finished.size > 0 || untagged.size > 0) {
          const since = new Date(Date.now() - historyLookbackMs).toISOString();
          const history = list(
            await rest.call('Order/search', { accountId, startTimestamp: since }),
            'orders',
          );
          for (const row of history) {
            const id = String(num(row, 'id'));
            const tag = str(row, 'customTag');
            if (untagged.has(id)) {
              if (tag) state.rememberTag(id, tag);
              else state.markTagless(id);
            }
            if (finished.has(id)) out.push(...state.applyOrder(row));
          }
        }
        // Trades first: an order's fillVolume is then already covered by its trades and counts nothing twice.
        for (const trade of trades) out.push(...state.applyTrade(trade));
        for (const row of open) out.push(...state.applyOrder(row));
        out.push(...confirmPositions(accountId, first, second));
      }
      return out;
    },
  };

  /** Open orders both reads list alike. */
  function agreedOpenOrders(accountId: number, first: GatewayView, second: GatewayView): Json[] {
    const earlier = new Map(
      (first.open.get(accountId) ?? []).map((row) => [num(row, 'id'), orderPrint(row)]),
    );
    return (second.open.get(accountId) ?? []).filter(
      (row) => earlier.get(num(row, 'id')) === orderPrint(row),
    );
  }

  /** Orders working in the session's state that neither read lists: they finished unheard. */
  function finishedUnheard(accountId: number, first: GatewayView, second: GatewayView): Set<string> {
    const listed = new Set(
      [...(first.open.get(accountId) ?? []), ...(second.open.get(accountId) ?? [])].map((row) =>
        String(num(row, 'id')),
      ),
    );
    return new Set(
      state
        .workingOrders()
        .filter((order) => order.accountExternalId === String(accountId) && !listed.has(order.orderId))
        .map((order) => order.orderId),
    );
  }

  function confirmPositions(accountId: number, first: GatewayView, second: GatewayView): BrokerEvent[] {
    const bySymbol = (rows: Json[]): Map<string, Json> =>
      new Map(rows.map((row) => [toSymbol(str(row, 'contractId') ?? ''), row]));
    const earlier = bySymbol(first.positions.get(accountId) ?? []);
    const now = bySymbol(second.positions.get(accountId) ?? []);
    const held = state
      .positionList()
      .filter((position) => position.accountExternalId === String(accountId))
      .map((position) => position.symbol);
    const out: BrokerEvent[] = [];
    for (const symbol of new Set([...earlier.keys(), ...now.keys(), ...held])) {
      const row = now.get(symbol);
      if (positionPrint(earlier.get(symbol)) !== positionPrint(row)) continue;
      out.push(
        ...(row === undefined
          ? state.applyPosition({ accountId, contractId: toContractId(symbol) }, true)
          : state.applyPosition(row)),
      );
    }
    return out;
  }
}
