import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { post } from './support/raw-client';

const ES = `CON.F.US.EP.Z${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}`;

/**
 * Order sequences as public clients send them, replayed against the fake: the gateway docs' sample body (every
 * field present, the unused ones null), the lower-case paths of `TexasCoding/project-x-py`, a trailing stop
 * (`type: 5` with `trailPrice`), join orders, and an entry with its bracket ticks whose legs then move and go.
 */
describe('fake ProjectX Gateway: public clients’ order and bracket sequences', () => {
  let fake: FakeProjectX;
  let token: string;

  beforeEach(async () => {
    fake = await startFakeProjectX({ pingMs: 50 });
    fake.addUser({ userName: 'pub', apiKey: 'key-p' });
    fake.addAccount({ id: 465, userName: 'pub', maxContracts: 10 });
    fake.setPrice(ES, 6000);
    token = (await post(fake.restUrl, 'auth/loginKey', { userName: 'pub', apiKey: 'key-p' })).body
      .token as string;
  });
  afterEach(() => fake.close());

  // The docs' sample: {"accountId":465,"contractId":…,"type":2,"side":1,"size":1,"limitPrice":null,…}.
  const sample = (fields: Record<string, unknown>) => ({
    accountId: 465,
    contractId: ES,
    type: 2,
    side: 1,
    size: 1,
    limitPrice: null,
    stopPrice: null,
    trailPrice: null,
    customTag: null,
    linkedOrderId: null,
    ...fields,
  });
  const open = async () =>
    (await post(fake.restUrl, 'order/searchOpen', { accountId: 465 }, token)).body.orders as Array<
      Record<string, unknown>
    >;
  async function until(check: (orders: Array<Record<string, unknown>>) => boolean) {
    for (;;) {
      const orders = await open();
      if (check(orders)) return orders;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('when the docs’ sample market order is sent to a lower-case path, then it fills and answers its orderId', async () => {
    const answer = await post(fake.restUrl, 'order/place', sample({}), token);
    expect(answer.body).toEqual({
      orderId: expect.any(Number),
      success: true,
      errorCode: 0,
      errorMessage: null,
    });
    const positions = await post(fake.restUrl, 'position/searchOpen', { accountId: 465 }, token);
    expect(positions.body.positions).toEqual([expect.objectContaining({ type: 2, size: 1 })]);
  });

  it('when a trailing stop, a join bid and a join ask are sent in the sample shape, then all three work', async () => {
    for (const fields of [
      { type: 5, side: 1, trailPrice: 8 },
      { type: 6, side: 0 },
      { type: 7, side: 1 },
    ])
      expect((await post(fake.restUrl, 'Order/place', sample(fields), token)).body).toMatchObject({
        success: true,
      });
    const orders = await until((list) => list.length === 3 && list.every((o) => o.status === 1));
    expect(orders.map((o) => [o.type, o.stopPrice, o.limitPrice])).toEqual([
      [5, 5992, null],
      [6, null, 5999.75],
      [7, null, 6000.25],
    ]);
  });

  it('when an entry carries bracket ticks, then its legs open on the fill, move with Order/modify and the target’s fill cancels the stop', async () => {
    const entry = await post(
      fake.restUrl,
      'Order/place',
      sample({ side: 0, stopLossBracket: { ticks: -8, type: 4 }, takeProfitBracket: { ticks: 16, type: 1 } }),
      token,
    );
    expect(entry.body).toMatchObject({ success: true });
    const legs = await until((list) => list.length === 2);
    const stop = legs.find((o) => o.type === 4)!;
    const target = legs.find((o) => o.type === 1)!;
    expect([stop.stopPrice, target.limitPrice]).toEqual([5998, 6004]);
    // Toward break-even: the stop moved up to a tick under the entry (at the entry it would trigger at once).
    const moved = await post(
      fake.restUrl,
      'Order/modify',
      {
        accountId: 465,
        orderId: stop.id,
        size: null,
        limitPrice: null,
        stopPrice: 5999.75,
        trailPrice: null,
      },
      token,
    );
    expect(moved.body).toMatchObject({ success: true });
    expect((await open()).find((o) => o.id === stop.id)).toMatchObject({ stopPrice: 5999.75 });
    fake.setPrice(ES, 6004);
    expect(await open()).toEqual([]);
    const history = await post(
      fake.restUrl,
      'Order/search',
      { accountId: 465, startTimestamp: '2000-01-01T00:00:00Z' },
      token,
    );
    const byId = new Map(
      (history.body.orders as Array<{ id: number; status: number }>).map((o) => [o.id, o.status]),
    );
    expect([byId.get(target.id as number), byId.get(stop.id as number)]).toEqual([2, 3]);
  });

  it('when a stop-limit is sent in the sample shape, then the gateway refuses it and places nothing', async () => {
    const answer = await post(
      fake.restUrl,
      'Order/place',
      sample({ type: 3, stopPrice: 5990, limitPrice: 5989 }),
      token,
    );
    expect(answer.body).toMatchObject({ success: false, errorCode: 2 });
    expect(await open()).toEqual([]);
  });
});
