import { FINAL_ORDERS_KEPT } from '../../src/brokers/order-retention';
import { OrderState } from '../../src/brokers/rithmic/order-state';
import type { RithmicMessage } from '../../src/brokers/rithmic/codec';

const ACCOUNT = 'F1-1';

/** The fields every 351/352 of one order carries (the fake's and the gateway's `view` of it). */
function about(basketId: string, tag: string): Record<string, unknown> {
  return {
    basket_id: basketId,
    user_tag: tag,
    account_id: ACCOUNT,
    symbol: 'ESZ6',
    exchange: 'CME',
    quantity: 1,
    transaction_type: 1,
    price_type: 2,
    ssboe: 1_796_000_000,
    usecs: 0,
  };
}

const opened = (basketId: string, tag: string): RithmicMessage => ({
  template_id: 351,
  ...about(basketId, tag),
  notify_type: 13,
  status: 'open',
});

const filled = (basketId: string, tag: string): RithmicMessage => ({
  template_id: 352,
  ...about(basketId, tag),
  notify_type: 5,
  fill_id: `f${basketId}`,
  fill_size: 1,
  fill_price: 6000,
  total_fill_size: 1,
  total_unfilled_size: 0,
});

const cancelled = (basketId: string, tag: string): RithmicMessage => ({
  template_id: 352,
  ...about(basketId, tag),
  notify_type: 3,
});

const ids = (state: OrderState): string[] =>
  state
    .workingOrders()
    .map((order) => order.orderId)
    .sort();

describe('the Rithmic order state: working orders', () => {
  it('lists the orders not final, after more final orders than it keeps', () => {
    const state = new OrderState();
    state.applyRithmic(opened('w1', 'st.w1'));
    for (let i = 0; i < FINAL_ORDERS_KEPT + 50; i += 1) {
      state.applyRithmic(opened(`b${i}`, `st.b${i}`));
      state.applyExchange(filled(`b${i}`, `st.b${i}`));
    }
    state.applyRithmic(opened('w2', 'st.w2'));

    expect(ids(state)).toEqual(['w1', 'w2']);
    // The final orders past the newest 1,000 are forgotten; the newest stay readable by client order id.
    expect(state.byClientId(ACCOUNT, 'st.b0')).toBeNull();
    expect(state.byClientId(ACCOUNT, `st.b${FINAL_ORDERS_KEPT + 49}`)?.status).toBe('Filled');
  });

  it('drops an order from the working list once it fills, is cancelled or is settled as gone', () => {
    const state = new OrderState();
    for (const id of ['a', 'b', 'c', 'd']) state.applyRithmic(opened(id, `st.${id}`));
    expect(ids(state)).toEqual(['a', 'b', 'c', 'd']);

    state.applyExchange(filled('a', 'st.a'));
    state.applyExchange(cancelled('b', 'st.b'));
    // A snapshot of the account that no longer lists c: it finished while nobody listened.
    state.settleUnlisted(ACCOUNT, new Set(['d']));

    expect(ids(state)).toEqual(['d']);
    expect(state.order('c')?.status).toBe('Canceled');
  });

  it('hands out copies: changing one does not change the state', () => {
    const state = new OrderState();
    state.applyRithmic(opened('w1', 'st.w1'));
    const [order] = state.workingOrders();
    if (order === undefined) throw new Error('no working order');
    order.status = 'Filled';
    order.qty = 9;

    expect(state.workingOrders()).toMatchObject([{ orderId: 'w1', status: 'Working', qty: 1 }]);
  });

  it('does not list an order again when a late notification repeats its opening after the fill', () => {
    const state = new OrderState();
    state.applyRithmic(opened('a', 'st.a'));
    state.applyExchange(filled('a', 'st.a'));
    state.applyRithmic(opened('a', 'st.a'));

    expect(ids(state)).toEqual([]);
    expect(state.order('a')?.status).toBe('Filled');
  });
});
