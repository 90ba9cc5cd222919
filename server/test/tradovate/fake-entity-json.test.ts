import * as json from '../../fakes/tradovate/entities';
import type { FakeOrder } from '../../fakes/tradovate/venue-types';

const order: FakeOrder = {
  id: 11,
  accountId: 2,
  contractId: 3,
  action: 'Sell',
  ordStatus: 'Working',
  orderQty: 4,
  orderType: 'StopLimit',
  price: 5990.25,
  stopPrice: 5991,
  stopTriggered: false,
  pegDifference: null,
  trailingStop: null,
  clOrdId: 'c-1',
  isAutomated: true,
  parentId: 9,
  ocoSiblingId: 12,
  versionId: 13,
  commandId: 14,
  cumQty: 1,
  avgPx: 5990.5,
  timestamp: '2026-11-24T10:00:00.000Z',
};
const date = { year: expect.any(Number), month: expect.any(Number), day: expect.any(Number) };

/** What the socket sends is JSON text: the same fields in the same order, whatever builds them. */
describe('the fake Tradovate entities as sent', () => {
  it('when an order is sent, then its fields come in the documented order, links only when set', () => {
    expect(Object.entries(json.orderJson(order))).toEqual([
      ['id', 11],
      ['accountId', 2],
      ['contractId', 3],
      ['timestamp', '2026-11-24T10:00:00.000Z'],
      ['action', 'Sell'],
      ['ordStatus', 'Working'],
      ['parentId', 9],
      ['linkedId', 12],
      ['admin', false],
      ['archived', false],
    ]);
    expect(Object.keys(json.orderJson({ ...order, parentId: null, ocoSiblingId: null }))).toEqual([
      'id',
      'accountId',
      'contractId',
      'timestamp',
      'action',
      'ordStatus',
      'admin',
      'archived',
    ]);
  });

  it('when a version is sent, then prices come only when the order has them, before timeInForce', () => {
    expect(Object.entries(json.orderVersionJson(order))).toEqual([
      ['id', 13],
      ['orderId', 11],
      ['orderQty', 4],
      ['orderType', 'StopLimit'],
      ['price', 5990.25],
      ['stopPrice', 5991],
      ['timeInForce', 'GTC'],
    ]);
    const trailing = { ...order, orderType: 'TrailingStop' as const, price: null, pegDifference: 2 };
    expect(Object.keys(json.orderVersionJson(trailing))).toEqual([
      'id',
      'orderId',
      'orderQty',
      'orderType',
      'stopPrice',
      'pegDifference',
      'timeInForce',
    ]);
  });

  it('when a fill, a position and an execution report are sent, then every field comes in its order', () => {
    const fill = json.fillJson({
      id: 21,
      orderId: 11,
      contractId: 3,
      action: 'Sell',
      qty: 1,
      price: 5990.5,
      timestamp: '2026-11-24T10:00:01.000Z',
    });
    expect(Object.keys(fill)).toEqual([
      'id',
      'orderId',
      'contractId',
      'action',
      'qty',
      'price',
      'timestamp',
      'tradeDate',
      'active',
      'finallyPaired',
    ]);
    expect(fill).toEqual({
      id: 21,
      orderId: 11,
      contractId: 3,
      action: 'Sell',
      qty: 1,
      price: 5990.5,
      timestamp: '2026-11-24T10:00:01.000Z',
      tradeDate: date,
      active: true,
      finallyPaired: 0,
    });
    const position = json.positionJson({
      id: 31,
      accountId: 2,
      contractId: 3,
      netPos: -1,
      netPrice: 5990.5,
      bought: 0,
      boughtValue: 0,
      sold: 1,
      soldValue: 5990.5,
      timestamp: '2026-11-24T10:00:01.000Z',
    });
    expect(Object.entries(position)).toEqual([
      ['id', 31],
      ['accountId', 2],
      ['contractId', 3],
      ['netPos', -1],
      ['netPrice', 5990.5],
      ['bought', 0],
      ['boughtValue', 0],
      ['sold', 1],
      ['soldValue', 5990.5],
      ['timestamp', '2026-11-24T10:00:01.000Z'],
      ['tradeDate', date],
      ['prevPos', 0],
    ]);
    const report = json.executionReportJson(41, 14, order, 'Trade', { lastQty: 1, lastPx: 5990.5 });
    expect(Object.keys(report)).toEqual([
      'id',
      'commandId',
      'accountId',
      'contractId',
      'timestamp',
      'tradeDate',
      'orderId',
      'execType',
      'ordStatus',
      'action',
      'cumQty',
      'avgPx',
      'lastQty',
      'lastPx',
    ]);
    expect(report).toMatchObject({ id: 41, commandId: 14, execType: 'Trade', cumQty: 1, lastPx: 5990.5 });
  });

  describe('the clock of the entities', () => {
    afterEach(() => jest.useRealTimers());

    it('when the millisecond changes, then the timestamp and the trade date follow it', () => {
      jest.useFakeTimers({ now: Date.parse('2026-11-24T23:59:59.999Z') });
      expect(json.isoNow()).toBe('2026-11-24T23:59:59.999Z');
      expect(json.tradeDate()).toEqual({ year: 2026, month: 11, day: 24 });
      jest.setSystemTime(Date.parse('2026-11-25T00:00:00.000Z'));
      expect(json.isoNow()).toBe('2026-11-25T00:00:00.000Z');
      expect(json.tradeDate()).toEqual({ year: 2026, month: 11, day: 25 });
      const report = json.executionReportJson(41, 14, order, 'New');
      expect(report).toMatchObject({
        timestamp: '2026-11-25T00:00:00.000Z',
        tradeDate: { year: 2026, month: 11, day: 25 },
      });
    });
  });
});
