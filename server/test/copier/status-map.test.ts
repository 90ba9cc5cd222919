import { orderStatusOf } from '../../src/copier/engine/status-map';

// The orders list's words for a broker order's state: a filled order is a success.
describe('orderStatusOf', () => {
  it('when the broker reports an order state, then the orders list shows it in its own words', () => {
    expect(
      (['PendingNew', 'Working', 'Filled', 'Canceled', 'Rejected'] as const).map((status) =>
        orderStatusOf(status),
      ),
    ).toEqual(['Pending New', 'Working', 'Success', 'Canceled', 'Rejected']);
  });
});
