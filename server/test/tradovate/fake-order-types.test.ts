import { startFakeTradovate, type FakeTradovate } from '../../fakes/tradovate/server';

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

  it('when the market rises and falls back, then a sell trailing stop follows it up by its pegDifference, never down, and sells at market once touched', async () => {
    const { orderId } = await post('order/placeorder', {
      action: 'Sell',
      orderType: 'TrailingStop',
      stopPrice: 5995,
      pegDifference: 5,
    });
    const version = fake.control.orders().find((o) => o.id === orderId);
    expect(version).toMatchObject({ orderType: 'TrailingStop', stopPrice: 5995, pegDifference: 5 });
    fake.control.setPrice('ESZ6', 6010);
    fake.control.setPrice('ESZ6', 6006);
    // The stop rose to 6005 (6010 − 5): 6006 leaves it working although it is far above the first 5995.
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 6004.5);
    expect(statusOf(orderId)).toBe('Filled');
    expect(fillOf(orderId)).toBe(6004.5);
  });

  it('when a buy trailing stop has no stopPrice, then it starts pegDifference above the market', async () => {
    const { orderId } = await post('order/placeorder', {
      action: 'Buy',
      orderType: 'TrailingStop',
      pegDifference: 2,
    });
    expect(fake.control.orders().find((o) => o.id === orderId)?.stopPrice).toBe(6002);
    fake.control.setPrice('ESZ6', 5990);
    fake.control.setPrice('ESZ6', 5991.75);
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 5992);
    expect(statusOf(orderId)).toBe('Filled');
  });

  it('when a trailing stop has no pegDifference, then Tradovate refuses it in a 200 body', async () => {
    expect(
      await post('order/placeorder', { action: 'Sell', orderType: 'TrailingStop', stopPrice: 5990 }),
    ).toEqual({ failureReason: 'InvalidPrice', failureText: 'TrailingStop order without pegDifference' });
  });

  it('when a trailing stop is modified, then only its quantity may change (TrailingStopNonOrderQtyModify)', async () => {
    const { orderId } = await post('order/placeorder', {
      action: 'Sell',
      orderType: 'TrailingStop',
      stopPrice: 5990,
      pegDifference: 10,
    });
    expect(
      await post('order/modifyorder', { orderId, orderQty: 1, orderType: 'TrailingStop', stopPrice: 5992 }),
    ).toMatchObject({ failureReason: 'TrailingStopNonOrderQtyModify' });
    expect(
      await post('order/modifyorder', { orderId, orderQty: 3, orderType: 'TrailingStop', pegDifference: 10 }),
    ).toEqual({ commandId: expect.any(Number) });
    expect(fake.control.orders().find((o) => o.id === orderId)).toMatchObject({
      orderQty: 3,
      stopPrice: 5990,
      pegDifference: 10,
    });
  });

  it('when a sell trailing stop limit trails up and is touched, then it works as a limit that kept its distance', async () => {
    const { orderId } = await post('order/placeorder', {
      action: 'Sell',
      orderType: 'TrailingStopLimit',
      stopPrice: 5995,
      price: 5994,
      pegDifference: 5,
    });
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 6010);
    // Stop 6005, limit 6004 (a point under it, as placed); 6004.75 touches the stop, and sells at 6004.75.
    fake.control.setPrice('ESZ6', 6004.75);
    expect(statusOf(orderId)).toBe('Filled');
    expect(fillOf(orderId)).toBe(6004.75);
  });

  it('when a trailing stop limit is touched below its limit, then it waits for the limit', async () => {
    const { orderId } = await post('order/placeorder', {
      action: 'Sell',
      orderType: 'TrailingStopLimit',
      stopPrice: 5995,
      price: 5994,
      pegDifference: 5,
    });
    fake.control.setPrice('ESZ6', 5990);
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 5994.5);
    expect(statusOf(orderId)).toBe('Filled');
    expect(fillOf(orderId)).toBe(5994.5);
  });

  it('when a trailing stop limit has no price, then Tradovate refuses it in a 200 body', async () => {
    expect(
      await post('order/placeorder', { action: 'Sell', orderType: 'TrailingStopLimit', pegDifference: 5 }),
    ).toEqual({ failureReason: 'InvalidPrice', failureText: 'TrailingStopLimit order without price' });
  });

  it('when a QTS order is touched, then it goes to market like a stop', async () => {
    const { orderId } = await post('order/placeorder', { action: 'Buy', orderType: 'QTS', stopPrice: 6005 });
    expect(statusOf(orderId)).toBe('Working');
    fake.control.setPrice('ESZ6', 6006);
    expect(statusOf(orderId)).toBe('Filled');
    expect(fillOf(orderId)).toBe(6006);
  });

  it('when a QTS order has no stopPrice, then Tradovate refuses it in a 200 body', async () => {
    expect(await post('order/placeorder', { action: 'Buy', orderType: 'QTS', price: 6005 })).toEqual({
      failureReason: 'InvalidPrice',
      failureText: 'QTS order without stopPrice',
    });
  });
});
