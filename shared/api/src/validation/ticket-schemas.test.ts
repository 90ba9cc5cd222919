import { TICKET_ORDER_MESSAGE, ticketOrderSchema } from './ticket-schemas';

const GOOD = { account_id: 7, contract: ' esz6 ', side: 'buy', qty: 2, order_type: 'Market' };

function outcome(body: unknown): unknown {
  try {
    return ticketOrderSchema.validateSync(body, { abortEarly: true, stripUnknown: true });
  } catch (error: unknown) {
    return (error as Error).message;
  }
}

describe('the paper order ticket as the server reads it', () => {
  it('when the ticket is whole, then the contract is read trimmed and in capitals', () => {
    expect(outcome(GOOD)).toEqual({ ...GOOD, contract: 'ESZ6' });
  });

  it.each([
    [{}, TICKET_ORDER_MESSAGE.accountId],
    [{ ...GOOD, account_id: 2 ** 31 }, TICKET_ORDER_MESSAGE.accountId],
    [{ ...GOOD, account_id: 0, contract: 'BTC' }, TICKET_ORDER_MESSAGE.accountId],
    [
      { ...GOOD, contract: 'BTC', side: 'hold', qty: 0, order_type: 'Iceberg' },
      TICKET_ORDER_MESSAGE.contract,
    ],
    [{ ...GOOD, contract: undefined }, TICKET_ORDER_MESSAGE.contract],
    [{ ...GOOD, side: null, qty: 0, order_type: 'Iceberg' }, TICKET_ORDER_MESSAGE.side],
    [{ ...GOOD, qty: '2', order_type: 'Iceberg' }, TICKET_ORDER_MESSAGE.qty],
    [{ ...GOOD, qty: 101 }, TICKET_ORDER_MESSAGE.qty],
    [{ ...GOOD, qty: null }, TICKET_ORDER_MESSAGE.qty],
    [{ ...GOOD, order_type: 'Iceberg', price: -1 }, TICKET_ORDER_MESSAGE.orderType],
    [{ ...GOOD, order_type: 'Limit' }, TICKET_ORDER_MESSAGE.price],
    [{ ...GOOD, order_type: 'Limit', price: 0 }, TICKET_ORDER_MESSAGE.price],
    [{ ...GOOD, order_type: 'Limit', price: Infinity }, TICKET_ORDER_MESSAGE.price],
    [{ ...GOOD, order_type: 'Stop' }, TICKET_ORDER_MESSAGE.stopPrice],
    [{ ...GOOD, order_type: 'Stop', stop_price: -5 }, TICKET_ORDER_MESSAGE.stopPrice],
    [{ ...GOOD, order_type: 'StopLimit', stop_price: 5990 }, TICKET_ORDER_MESSAGE.price],
    [{ ...GOOD, order_type: 'StopLimit', price: 5990 }, TICKET_ORDER_MESSAGE.stopPrice],
    [{ ...GOOD, order_type: 'TrailingStop' }, TICKET_ORDER_MESSAGE.trailTicks],
    [{ ...GOOD, order_type: 'TrailingStop', trail_ticks: 1.5 }, TICKET_ORDER_MESSAGE.trailTicks],
    [{ ...GOOD, order_type: 'TrailingStop', trail_ticks: 10_001 }, TICKET_ORDER_MESSAGE.trailTicks],
    [{ ...GOOD, bracket_unit: 'percent', stop_loss: 4 }, TICKET_ORDER_MESSAGE.bracketUnit],
    [{ ...GOOD, bracket_unit: 'ticks', stop_loss: 0.5 }, TICKET_ORDER_MESSAGE.stopLoss],
    [{ ...GOOD, stop_loss: -1 }, TICKET_ORDER_MESSAGE.stopLoss],
    [{ ...GOOD, bracket_unit: 'ticks', stop_loss: 8, take_profit: 0 }, TICKET_ORDER_MESSAGE.takeProfit],
  ])(
    'when the ticket is %j, then the first refusal is the one the route always gave: %s',
    (body, message) => {
      expect(outcome(body)).toBe(message);
    },
  );

  it('when a market order carries a price, then it passes (the price is not read)', () => {
    expect(outcome({ ...GOOD, price: -1 })).toEqual({ ...GOOD, contract: 'ESZ6', price: -1 });
  });

  it('when a stop-limit with a bracket in ticks is whole, then every field passes as sent', () => {
    const body = {
      ...GOOD,
      order_type: 'StopLimit',
      stop_price: 5990,
      price: 5989.75,
      bracket_unit: 'ticks',
      stop_loss: 8,
      take_profit: 16,
    };
    expect(outcome(body)).toEqual({ ...body, contract: 'ESZ6' });
  });
});
