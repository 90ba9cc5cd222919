import type { Order } from '@synctrade/api';

const ROLE_RANK: Record<Order['role'], number> = { leader: 0, manual: 1, copy: 2 };

/** The whole second an order happened in: the list shows times to the second. */
const secondOf = (order: Order): number => Math.floor(Date.parse(order.time) / 1000);

/**
 * Newest second first, and within one second the leader's order above its copies (a copy is acknowledged a
 * few milliseconds after the leader's order, which put it above its cause). Orders of the same second and
 * role keep the server's order. The table and its CSV export both read this order.
 */
export function leaderBeforeCopies(orders: readonly Order[]): Order[] {
  return orders
    .map((order, index) => ({ order, index }))
    .sort(
      (a, b) =>
        secondOf(b.order) - secondOf(a.order) ||
        ROLE_RANK[a.order.role] - ROLE_RANK[b.order.role] ||
        a.index - b.index,
    )
    .map(({ order }) => order);
}
