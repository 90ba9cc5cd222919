import { startFakeTradovate, type FakeTradovate } from '../../test-support/fake-tradovate/server';

describe('fake Tradovate order types (PlaceOrder.md, PlaceOCO.md)', () => {
  let fake: FakeTradovate;
  let token: string;
  let accountId: number;
  beforeEach(async () => {
    fake = await startFakeTradovate({ heartbeatMs: 5_000 });
    const user = fake.control.addUser('Types', [{ name: 'TYP-1' }]);
    accountId = user.accounts[0]?.id ?? 0;
    token = fake.control.issueToken(user.userId).accessToken;
    fake.control.setPrice('ESZ6', 6000);
  });
  afterEach(() => fake.close());

  const post = async (path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await fetch(`${fake.restUrl}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId, symbol: 'ESZ6', orderQty: 1, isAutomated: true, ...body }),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const statusOf = (id: unknown): string | undefined =>
    fake.control.orders().find((o) => o.id === id)?.ordStatus;
  const fillOf = (id: unknown): number | undefined =>
    fake.control.fills().find((f) => f.orderId === id)?.price;

  it('when a buy stop-limit is touched, then it works as a limit and fills only at its limit or better', async () => {
    const { orderId } = await post('order/placeorder', {
      action: 'Buy',
      orderType: 'StopLimit',
      stopPrice: 6005,
      price: 6006,
    });
    fake.control.setPrice('ESZ6', 6004);
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 6010);
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 6006);
    expect(statusOf(orderId)).toBe('Filled');
    expect(fillOf(orderId)).toBe(6006);
  });

  it('when a stop-limit has no limit price, then Tradovate refuses it in a 200 body', async () => {
    expect(
      await post('order/placeorder', { action: 'Buy', orderType: 'StopLimit', stopPrice: 6005 }),
    ).toEqual({
      failureReason: 'InvalidPrice',
      failureText: 'StopLimit order without price',
    });
  });

  it('when an MIT price is touched, then it fills at market', async () => {
    const { orderId } = await post('order/placeorder', { action: 'Buy', orderType: 'MIT', price: 5990 });
    fake.control.setPrice('ESZ6', 5995);
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 5989.75);
    expect(statusOf(orderId)).toBe('Filled');
    expect(fillOf(orderId)).toBe(5989.75);
  });

  it('when one order of a placeOCO pair fills, then the other is canceled', async () => {
    const placed = await post('order/placeoco', {
      action: 'Sell',
      orderType: 'Limit',
      price: 6020,
      other: { action: 'Sell', orderType: 'Stop', stopPrice: 5980 },
    });
    expect(placed).toEqual({ orderId: expect.any(Number), ocoId: expect.any(Number) });
    expect(statusOf(placed.orderId)).toBe('Working');
    expect(statusOf(placed.ocoId)).toBe('Working');
    fake.control.setPrice('ESZ6', 6020);
    expect(statusOf(placed.orderId)).toBe('Filled');
    expect(statusOf(placed.ocoId)).toBe('Canceled');
  });
});
