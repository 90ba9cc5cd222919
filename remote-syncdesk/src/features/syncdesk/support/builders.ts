import type { CopyGroup, Order, OrderData, SyncAccount, WorkingOrder } from '@synctrade/api';
import { CopyGroupSchema, OrderDataSchema, OrderSchema, WorkingOrderSchema } from '@synctrade/api/schemas';
import { serverShaped, syncAccountFixture } from '@synctrade/test-utils';

/** A sync account with sensible defaults; override what the test is about. Checked: the server could send it. */
export function buildAccount(overrides: Partial<SyncAccount> = {}): SyncAccount {
  return syncAccountFixture({ id: 1, ...overrides });
}

/** A copy group as the server sends it; the first group by default. */
export function buildGroup(overrides: Partial<CopyGroup> = {}): CopyGroup {
  return serverShaped(CopyGroupSchema, {
    id: 1,
    name: 'Group 1',
    paused: false,
    first: (overrides.id ?? 1) === 1,
    leader_account_id: null,
    account_ids: [],
    follower_account_ids: [],
    leader_breach: null,
    ...overrides,
  });
}

/** A leader (id 1) and two followers (ids 2 and 3, ratios 1 and 2). */
export function deskAccounts(): SyncAccount[] {
  return [
    buildAccount({ id: 1, is_master: true }),
    buildAccount({ id: 2, is_follower: true, ratio: 1 }),
    buildAccount({ id: 3, is_follower: true, ratio: 2 }),
  ];
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return serverShaped(OrderSchema, {
    id: 1,
    connection: 'Paper broker',
    account: 'Paper 1',
    time: '2026-11-20T14:30:00.000Z',
    contract: 'ESZ6',
    type: 'Market',
    side: 'buy',
    qty: 1,
    price: 6000.25,
    status: 'Success',
    reason: null,
    role: 'leader',
    latency_ms: null,
    ...overrides,
  });
}

export function buildOrderData(orders: Order[] = []): OrderData {
  return serverShaped(OrderDataSchema, {
    total_orders: orders.length,
    summary: {
      buy_orders: orders.filter((order) => order.side === 'buy').length,
      sell_orders: orders.filter((order) => order.side === 'sell').length,
    },
    orders,
  });
}

export function buildWorkingOrder(overrides: Partial<WorkingOrder> = {}): WorkingOrder {
  return serverShaped(WorkingOrderSchema, {
    account: 1,
    account_name: 'Paper 1',
    order_id: '1',
    contract: 'ESZ6',
    side: 'buy',
    type: 'Limit',
    qty: 1,
    price: 5900,
    stop_price: null,
    ...overrides,
  });
}
