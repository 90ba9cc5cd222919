import type { Order } from '@synctrade/api';
import { leaderBeforeCopies } from './order-sequence';

function order(id: number, time: string, role: Order['role']): Order {
  return {
    id,
    connection: 'Paper',
    account: `SIM-${id}`,
    time,
    contract: 'ESZ6',
    type: 'Market',
    side: 'buy',
    qty: 1,
    price: 6000,
    status: 'Success',
    reason: null,
    role,
    latency_ms: role === 'copy' ? 12 : null,
  };
}

describe('order sequence', () => {
  it('when copies are acknowledged in the same second as the leader order, then the leader order comes first', () => {
    const listed = leaderBeforeCopies([
      order(3, '2026-11-20T10:00:05.041Z', 'copy'),
      order(2, '2026-11-20T10:00:05.030Z', 'copy'),
      order(1, '2026-11-20T10:00:05.010Z', 'leader'),
      order(9, '2026-11-20T09:59:58.000Z', 'leader'),
    ]);
    expect(listed.map((item) => item.id)).toEqual([1, 3, 2, 9]);
  });

  it('when orders are in different seconds, then the newer second stays on top whatever the role', () => {
    const listed = leaderBeforeCopies([
      order(5, '2026-11-20T10:00:06.001Z', 'copy'),
      order(4, '2026-11-20T10:00:05.900Z', 'leader'),
      order(6, '2026-11-20T10:00:05.950Z', 'manual'),
    ]);
    expect(listed.map((item) => item.id)).toEqual([5, 4, 6]);
  });
});
