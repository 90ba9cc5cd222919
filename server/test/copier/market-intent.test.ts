import { marketIntent } from '../../src/copier/engine/market-intent';

// The market order sent for one planned part: a copy carries no reason; an order the engine sends on its own
// (a firm rule's close-out) carries the rule's reason for the orders list.
describe('marketIntent', () => {
  const follower = { id: 7, userId: 3 };

  it('when a copy is built, then it is a market order of the part with the numbered client id and no reason', () => {
    const intent = marketIntent('f1-abc', follower, 1, 'NQH7', { side: 'sell', qty: 2, exit: true });
    expect(intent).toStrictEqual({
      clientOrderId: 'st.f1-abc.7.1',
      eventKey: 'f1-abc',
      userId: 3,
      accountId: 7,
      symbol: 'NQH7',
      side: 'sell',
      qty: 2,
      type: 'Market',
      price: null,
      stopPrice: null,
      exit: true,
      leaderOrderId: null,
    });
  });

  it("when a rule's close-out is built, then it carries the rule's reason", () => {
    const intent = marketIntent('s7-r1', follower, 0, 'ESH7', { side: 'buy', qty: 1, exit: true }, 'Flat-by');
    expect(intent.reason).toBe('Flat-by');
    expect(intent.clientOrderId).toBe('st.s7-r1.7');
  });
});
