import { migrate } from '../../src/db/migrate';
import type { Db } from '../../src/db/db';
import { openPaperVenue } from '../../src/brokers/paper/open-venue';
import { PaperVenue } from '../../src/brokers/paper/venue';
import type { BrokerEvent, BrokerOrder, PlaceOrderCommand } from '../../src/brokers/types';
import { createTestDb } from '../support/test-db';

/**
 * The paper venue's order types beyond market and limit: stop, stop-limit, trailing stop, brackets linked
 * one-cancels-other, modifies and cancels, its refusals, and working orders kept across a restart. Prices are
 * set by the test (ES: tick 0.25, CL: tick 0.01); every expected price is worked out by hand from the rules.
 */
const newVenue = (): PaperVenue => new PaperVenue({ seed: 7, tickMs: null });

function accountOn(venue: PaperVenue, login: string): string {
  return venue.ensureAccounts(login, 1)[0]?.externalId ?? '';
}

function order(account: string, fields: Partial<PlaceOrderCommand>): PlaceOrderCommand {
  return {
    accountExternalId: account,
    clientOrderId: '',
    symbol: 'ESZ6',
    side: 'sell',
    qty: 1,
    type: 'Market',
    ...fields,
  };
}

const netPos = (venue: PaperVenue, account: string): number =>
  venue.positions([account]).find((p) => p.symbol === 'ESZ6')?.netPos ?? 0;

const working = (
  venue: PaperVenue,
  account: string,
): Array<[string, string, number | null, number | null, number]> =>
  venue.workingOrders([account]).map((o) => [o.type, o.side, o.price, o.stopPrice, o.qty - o.filledQty]);

function orderEvents(venue: PaperVenue, account: string): BrokerOrder[] {
  const seen: BrokerOrder[] = [];
  venue.hub.listen([account], (event: BrokerEvent) => {
    if (event.kind === 'order') seen.push(event.order);
  });
  return seen;
}

/** The hub delivers on a later microtask, as a socket would: lets everything queued so far arrive. */
const delivered = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('paper order types', () => {
  it('when a sell stop is reached, then it fills at the market price it met', () => {
    const venue = newVenue();
    const a = accountOn(venue, '700');
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { type: 'Stop', stopPrice: 5990 }));
    venue.setPrice('ESZ6', 5991);
    expect(netPos(venue, a)).toBe(0);
    venue.setPrice('ESZ6', 5988.5);
    expect(netPos(venue, a)).toBe(-1);
    expect(venue.snapshot(a).cashBalance).toBe(50_000);
    venue.setPrice('ESZ6', 5987.5);
    // Short 1 from 5988.50: 1 point × $50 open.
    expect(venue.snapshot(a).openPnl).toBe(50);
  });

  it('when a stop-limit is reached, then it rests as a limit and fills only at its limit or better', () => {
    const venue = newVenue();
    const a = accountOn(venue, '701');
    venue.setPrice('ESZ6', 6000);
    venue.place(
      order(a, { side: 'buy', type: 'Stop', venueType: 'StopLimit', stopPrice: 6005, price: 6006 }),
    );
    // Through the stop and past the limit: triggered, but no fill above 6006.
    venue.setPrice('ESZ6', 6008);
    expect(netPos(venue, a)).toBe(0);
    expect(working(venue, a)).toEqual([['Stop', 'buy', 6006, 6005, 1]]);
    // Back under the stop: it stays a limit at 6006 and fills there or better.
    venue.setPrice('ESZ6', 6004);
    expect(netPos(venue, a)).toBe(1);
    expect(venue.positions([a])[0]?.avgPrice).toBe(6004);
  });

  it('when the market runs in favour, then a trailing stop follows it and triggers on the way back', async () => {
    const venue = newVenue();
    const a = accountOn(venue, '702');
    const events = orderEvents(venue, a);
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { side: 'buy', qty: 1 }));
    venue.place(order(a, { type: 'Stop', venueType: 'TrailingStop', trail: 2 }));
    expect(working(venue, a)).toEqual([['Stop', 'sell', null, 5998, 1]]);
    venue.setPrice('ESZ6', 6005);
    expect(working(venue, a)).toEqual([['Stop', 'sell', null, 6003, 1]]);
    // A step back does not move it down.
    venue.setPrice('ESZ6', 6004);
    expect(working(venue, a)).toEqual([['Stop', 'sell', null, 6003, 1]]);
    venue.setPrice('ESZ6', 6002.75);
    expect(netPos(venue, a)).toBe(0);
    expect(venue.workingOrders([a])).toEqual([]);
    await delivered();
    const last = events.at(-1);
    expect(last).toMatchObject({ status: 'Filled', type: 'Stop', venueType: 'TrailingStop', trail: 2 });
  });

  it('when a bracket target fills, then its stop is canceled in the same step and the events name the link', async () => {
    const venue = newVenue();
    const a = accountOn(venue, '703');
    const events = orderEvents(venue, a);
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { side: 'buy', qty: 2, bracket: { stopLoss: 5995, takeProfit: 6010 } }));
    expect(working(venue, a)).toEqual([
      ['Stop', 'sell', null, 5995, 2],
      ['Limit', 'sell', 6010, null, 2],
    ]);
    const [stop, target] = venue.workingOrders([a]);
    await delivered();
    expect(events.find((e) => e.orderId === stop?.orderId)).toMatchObject({
      linkedOrderId: target?.orderId,
      parentOrderId: expect.any(String),
    });
    venue.setPrice('ESZ6', 6012);
    expect(netPos(venue, a)).toBe(0);
    expect(venue.workingOrders([a])).toEqual([]);
    await delivered();
    const ends = events.filter((e) => e.status !== 'Working').map((e) => [e.orderId, e.status]);
    expect(ends.slice(-2)).toEqual([
      [target?.orderId, 'Filled'],
      [stop?.orderId, 'Canceled'],
    ]);
    // Later prices through the stop fill nothing: only the target ever filled.
    venue.setPrice('ESZ6', 5990);
    expect(netPos(venue, a)).toBe(0);
  });

  it('when a target fills in part, then the stop shrinks to what is left', async () => {
    const venue = newVenue();
    const a = accountOn(venue, '704');
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { side: 'buy', qty: 3, bracket: { stopLoss: 5995, takeProfit: 6010 } }));
    venue.faults.arm({ kind: 'partial-fills', parts: [1] }, a);
    // The remainder of the target fills at once too: the state after the first part is seen in the events.
    const sizes: Array<[string, number]> = [];
    venue.hub.listen([a], (event) => {
      if (event.kind === 'order' && event.order.type === 'Stop' && event.order.status === 'Working')
        sizes.push([event.order.status, event.order.qty]);
    });
    venue.setPrice('ESZ6', 6010);
    await delivered();
    // Listened to after the bracket opened: the one change seen is the shrink from 3 to 2 after the first part.
    expect(sizes).toEqual([['Working', 2]]);
    expect(netPos(venue, a)).toBe(0);
    expect(venue.workingOrders([a])).toEqual([]);
  });

  it('when the trader exits part of the position by hand, then both bracket legs shrink; flat, they are canceled', () => {
    const venue = newVenue();
    const a = accountOn(venue, '705');
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { side: 'buy', qty: 3, bracket: { stopLoss: 5995, takeProfit: 6010 } }));
    venue.place(order(a, { side: 'sell', qty: 1 }));
    expect(working(venue, a)).toEqual([
      ['Stop', 'sell', null, 5995, 2],
      ['Limit', 'sell', 6010, null, 2],
    ]);
    venue.place(order(a, { side: 'sell', qty: 2 }));
    expect(venue.workingOrders([a])).toEqual([]);
  });

  it('when a stop is moved to break-even and a target moved, then they trigger at the new prices', () => {
    const venue = newVenue();
    const a = accountOn(venue, '706');
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { side: 'buy', bracket: { stopLoss: 5995, takeProfit: 6010 } }));
    venue.setPrice('ESZ6', 6004);
    const [stop, target] = venue.workingOrders([a]);
    venue.modify({
      accountExternalId: a,
      orderId: stop?.orderId ?? '',
      qty: 1,
      type: 'Stop',
      stopPrice: 6000,
    });
    venue.modify({
      accountExternalId: a,
      orderId: target?.orderId ?? '',
      qty: 1,
      type: 'Limit',
      price: 6008,
    });
    expect(working(venue, a)).toEqual([
      ['Stop', 'sell', null, 6000, 1],
      ['Limit', 'sell', 6008, null, 1],
    ]);
    venue.setPrice('ESZ6', 6000);
    expect(netPos(venue, a)).toBe(0);
    // Out at break-even: nothing realized.
    expect(venue.snapshot(a).realizedPnl).toBe(0);
    expect(venue.workingOrders([a])).toEqual([]);
  });

  it('when a working stop is canceled, then it never fills', () => {
    const venue = newVenue();
    const a = accountOn(venue, '707');
    venue.setPrice('ESZ6', 6000);
    const placed = venue.place(order(a, { type: 'Stop', stopPrice: 5990 }));
    venue.cancel(a, placed.orderId);
    venue.setPrice('ESZ6', 5980);
    expect(netPos(venue, a)).toBe(0);
    expect(() => venue.cancel(a, placed.orderId)).toThrow(`Order ${placed.orderId} is no longer working`);
  });

  it.each<[string, Partial<PlaceOrderCommand>, string]>([
    [
      'a sell stop at the market',
      { type: 'Stop', stopPrice: 6000 },
      'A sell stop must be below the market price',
    ],
    [
      'a buy stop below the market',
      { side: 'buy', type: 'Stop', stopPrice: 5990 },
      'A buy stop must be above the market price',
    ],
    ['a stop with no stop price', { type: 'Stop' }, 'A stop order needs a stop price'],
    [
      'a stop-limit with no limit',
      { type: 'Stop', venueType: 'StopLimit', stopPrice: 5990 },
      'A stop-limit order needs a stop price and a limit price',
    ],
    [
      'a sell stop-limit whose limit is above its stop',
      { type: 'Stop', venueType: 'StopLimit', stopPrice: 5990, price: 5991 },
      "A sell stop-limit's limit price cannot be above its stop price",
    ],
    [
      'a trailing stop with no trail',
      { type: 'Stop', venueType: 'TrailingStop' },
      'A trailing stop needs a trail distance above zero',
    ],
    [
      'a trailing stop with a negative trail',
      { type: 'Stop', venueType: 'TrailingStop', trail: -1 },
      'A trailing stop needs a trail distance above zero',
    ],
    ['a limit off the tick', { type: 'Limit', price: 6000.1 }, 'Prices must be whole ticks of 0.25'],
    [
      'a long bracket with its stop above the entry',
      { side: 'buy', bracket: { stopLoss: 6001, takeProfit: 6010 } },
      'The stop-loss must be below the entry price',
    ],
    [
      'a short bracket with its target above the entry',
      { bracket: { stopLoss: 6005, takeProfit: 6001 } },
      'The take-profit must be below the entry price',
    ],
  ])('when the order is %s, then it is refused with a clear reason', (_name, fields, reason) => {
    const venue = newVenue();
    const a = accountOn(venue, '708');
    venue.setPrice('ESZ6', 6000);
    expect(() => venue.place(order(a, fields))).toThrow(reason);
    expect(venue.workingOrders([a])).toEqual([]);
    expect(netPos(venue, a)).toBe(0);
  });

  it('when a stop is moved through the market, then the move is refused and the stop stays', () => {
    const venue = newVenue();
    const a = accountOn(venue, '709');
    venue.setPrice('ESZ6', 6000);
    const placed = venue.place(order(a, { type: 'Stop', stopPrice: 5990 }));
    expect(() =>
      venue.modify({ accountExternalId: a, orderId: placed.orderId, qty: 1, type: 'Stop', stopPrice: 6002 }),
    ).toThrow('A sell stop must be below the market price');
    expect(working(venue, a)).toEqual([['Stop', 'sell', null, 5990, 1]]);
  });
});

describe('paper working orders of every type across a restart', () => {
  let db: Db;
  const errors: unknown[] = [];
  const open = (): Promise<PaperVenue> =>
    openPaperVenue(db, { seed: 3, tickMs: null, onError: (error) => errors.push(error) });

  beforeEach(async () => {
    db = await createTestDb();
    await migrate(db);
    errors.length = 0;
  });
  afterEach(async () => {
    await db.close();
    expect(errors).toEqual([]);
  });

  it('when the venue opens again, then a triggered stop-limit, a trailing stop and a bracket pair go on as they were', async () => {
    let venue = await open();
    const a = accountOn(venue, '710');
    venue.setPrice('ESZ6', 6000);
    venue.place(order(a, { side: 'buy', qty: 2, bracket: { stopLoss: 5990, takeProfit: 6020 } }));
    venue.place(
      order(a, { side: 'buy', type: 'Stop', venueType: 'StopLimit', stopPrice: 6005, price: 6006 }),
    );
    venue.place(order(a, { type: 'Stop', venueType: 'TrailingStop', trail: 3 }));
    venue.setPrice('ESZ6', 6008); // the stop-limit triggers (no fill above 6006); the trail moves to 6005
    await venue.close();

    venue = await open();
    expect(
      venue.workingOrders([a]).map((o) => [o.venueType, o.side, o.price, o.stopPrice, o.trail, o.qty]),
    ).toEqual([
      ['Stop', 'sell', null, 5990, null, 2],
      ['Limit', 'sell', 6020, null, null, 2],
      ['StopLimit', 'buy', 6006, 6005, null, 1],
      ['TrailingStop', 'sell', null, 6005, 3, 1],
    ]);
    // 6004: the stop-limit fills as the limit it became (below its stop: a stop-limit not yet triggered would
    // wait), and the trailing stop at 6005 fills too.
    venue.setPrice('ESZ6', 6004);
    expect(netPos(venue, a)).toBe(2);
    expect(venue.workingOrders([a]).map((o) => o.venueType)).toEqual(['Stop', 'Limit']);
    // The target fills and its stop is canceled with it, the link came back from the database.
    venue.setPrice('ESZ6', 6020);
    expect(netPos(venue, a)).toBe(0);
    expect(venue.workingOrders([a])).toEqual([]);
    await venue.close();
  });
});
