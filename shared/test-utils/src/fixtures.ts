import type { CopyGroup, FeedMessage, PaperLedger, SyncAccount } from '@synctrade/api';
import {
  CopyGroupSchema,
  FEED_MESSAGE_SCHEMAS,
  PaperLedgerSchema,
  SyncAccountSchema,
  type TSchema,
} from '@synctrade/api/schemas';
import { checkValue } from '@synctrade/api/schemas/check';

/**
 * A fixture that stands in for something the server sends, checked against the server's schema
 * (`@synctrade/api/schemas`): a builder returns `serverShaped(SyncAccountSchema, account)`, so a fixture the
 * server could never send fails the test that builds it.
 */
export function serverShaped<T>(schema: TSchema, value: T, what = 'fixture'): T {
  return checkValue(schema, value, `The ${what}`);
}

/** A realtime feed message as the server sends it (checked); deliberately broken frames are sent raw. */
export function feedMessage<T extends FeedMessage>(message: T): T {
  return checkValue(FEED_MESSAGE_SCHEMAS[message.type], message, `The feed message "${message.type}"`);
}

/**
 * A Sync Desk row (`GET /brokers/accounts/table`) as the server sends it, with sensible defaults (a flat paper
 * account that neither leads nor follows); override what the test is about. Checked against the schema.
 */
export function syncAccountFixture(overrides: Partial<SyncAccount> & { id: number }): SyncAccount {
  const { id } = overrides;
  return serverShaped(SyncAccountSchema, {
    account_id: `SIM-${id}`,
    account_name: `Paper ${id}`,
    connection: 1,
    connection_name: 'Paper broker',
    accounts: `Paper ${id}`,
    broker_name: 'sim',
    side: 'flat',
    balance: 50_000,
    avg_price: 0,
    day_pnl: 0,
    open_pnl: 0,
    qty: 0,
    ratio: 1,
    cross: false,
    is_master: false,
    is_follower: false,
    enabled: true,
    auto_sync: false,
    state: 'ok',
    state_reason: null,
    currency_symbol: '$',
    ...overrides,
  } satisfies SyncAccount);
}

/**
 * A copy group (`GET /copier/groups`) as the server sends it: its first account leads, the others follow, group 1 is
 * the trader's first; override what the test is about. Checked against the schema.
 */
export function copyGroupFixture(
  id: number,
  name: string,
  accountIds: readonly number[],
  overrides: Partial<CopyGroup> = {},
): CopyGroup {
  return serverShaped(CopyGroupSchema, {
    id,
    name,
    paused: false,
    first: id === 1,
    leader_account_id: accountIds[0] ?? null,
    account_ids: [...accountIds],
    follower_account_ids: accountIds.slice(1),
    leader_breach: null,
    ...overrides,
  } satisfies CopyGroup);
}

/**
 * A paper account's ledger (`GET /sim/accounts/:id/ledger`) as the server sends it: flat, with the working orders
 * given (each a sell stop of 1 ESH7 unless told otherwise). Checked against the schema.
 */
export function paperLedgerFixture(
  orders: Array<Partial<PaperLedger['working_orders'][number]> & { order_id: string }> = [],
): PaperLedger {
  return serverShaped(PaperLedgerSchema, {
    cash_balance: 50_000,
    realized_pnl: 0,
    open_pnl: 0,
    positions: [],
    working_orders: orders.map((order) => ({
      symbol: 'ESH7',
      side: 'sell' as const,
      qty: 1,
      type: 'Stop' as const,
      order_type: 'Stop' as const,
      price: null,
      stop_price: 5990,
      trail: null,
      linked_order_id: null,
      ...order,
    })),
  } satisfies PaperLedger);
}
