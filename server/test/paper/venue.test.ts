import { PaperVenue } from '../../src/brokers/paper/venue';
import { CONTRACTS, tradeDayKey, tradeDayStart } from '@synctrade/market';

const newVenue = (): PaperVenue => new PaperVenue({ seed: 42, tickMs: null });

describe('paper venue', () => {
  it('when the same seed is used, then the price path is the same and stays on the tick grid', () => {
    const a = newVenue();
    const b = newVenue();
    for (let i = 0; i < 200; i += 1) {
      a.step();
      b.step();
    }
    expect(a.quotes().map((q) => q.price)).toEqual(b.quotes().map((q) => q.price));
    for (const quote of a.quotes()) {
      const tick = CONTRACTS[quote.symbol.slice(0, 2) as 'ES'].tickSize;
      expect(Math.abs(quote.price / tick - Math.round(quote.price / tick))).toBeLessThan(1e-6);
    }
  });

  it('when a position is opened, marked and closed, then open and realized P&L use the point value', () => {
    const venue = newVenue();
    const [account] = venue.ensureAccounts('500', 1);
    const id = account?.externalId ?? '';
    venue.setPrice('ESZ6', 6000);
    venue.place({
      accountExternalId: id,
      clientOrderId: 'a',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      type: 'Market',
    });
    venue.setPrice('ESZ6', 6002.5);
    expect(venue.snapshot(id)).toMatchObject({ openPnl: 250, realizedPnl: 0, cashBalance: 50_000 });
    venue.place({
      accountExternalId: id,
      clientOrderId: 'b',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 2,
      type: 'Market',
    });
    expect(venue.snapshot(id)).toMatchObject({ openPnl: 0, realizedPnl: 250, cashBalance: 50_250 });
  });

  it('when a bracket entry fills and the take-profit is hit, then the stop-loss is canceled (OCO)', () => {
    const venue = newVenue();
    const id = venue.ensureAccounts('501', 1)[0]?.externalId ?? '';
    venue.setPrice('CLZ6', 70);
    venue.place({
      accountExternalId: id,
      clientOrderId: 'e',
      symbol: 'CLZ6',
      side: 'buy',
      qty: 1,
      type: 'Market',
      bracket: { stopLoss: 69.5, takeProfit: 70.5 },
    });
    expect(venue.workingOrders([id]).map((o) => [o.type, o.side, o.stopPrice ?? o.price])).toEqual([
      ['Stop', 'sell', 69.5],
      ['Limit', 'sell', 70.5],
    ]);
    venue.setPrice('CLZ6', 70.6);
    expect(venue.workingOrders([id])).toEqual([]);
    expect(venue.positions([id])).toEqual([]);
    // The market gapped through the limit: the fill is at the better market price.
    expect(venue.snapshot(id).realizedPnl).toBe(600);
  });

  it('when faults are armed, then a timeout never reaches the venue and a dropped answer leaves the order findable', () => {
    const venue = newVenue();
    const id = venue.ensureAccounts('502', 1)[0]?.externalId ?? '';
    venue.faults.arm({ kind: 'timeout' }, id);
    expect(() =>
      venue.place({
        accountExternalId: id,
        clientOrderId: 'x',
        symbol: 'GCZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      }),
    ).toThrow('Request timed out');
    expect(venue.findByClientId(id, 'x')).toBeNull();
    venue.faults.arm({ kind: 'drop-after-send' }, id);
    expect(() =>
      venue.place({
        accountExternalId: id,
        clientOrderId: 'y',
        symbol: 'GCZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      }),
    ).toThrow('Connection lost');
    expect(venue.findByClientId(id, 'y')?.status).toBe('Filled');
    venue.faults.arm({ kind: 'reject', reason: 'Margin' }, id);
    expect(() =>
      venue.place({
        accountExternalId: id,
        clientOrderId: 'z',
        symbol: 'GCZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      }),
    ).toThrow('Margin');
  });

  it('when a lost look-up is armed, then the next look-up of the account fails as uncertain and the one after finds the order', () => {
    const venue = newVenue();
    const [mine, other] = venue.ensureAccounts('503', 2).map((account) => account.externalId) as [
      string,
      string,
    ];
    venue.place({
      accountExternalId: mine,
      clientOrderId: 'q',
      symbol: 'GCZ6',
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    venue.faults.arm({ kind: 'lookup-lost' }, mine);
    expect(venue.findByClientId(other, 'q')).toBeNull();
    expect(() => venue.findByClientId(mine, 'q')).toThrow(
      expect.objectContaining({ code: 'uncertain' }) as Error,
    );
    expect(venue.findByClientId(mine, 'q')?.status).toBe('Filled');
  });

  it('when time passes 18:00 New York, then a new trade day starts', () => {
    expect(tradeDayKey(Date.parse('2026-11-20T22:59:00Z'))).toBe('2026-11-20');
    expect(tradeDayKey(Date.parse('2026-11-20T23:00:00Z'))).toBe('2026-11-21');
    expect(new Date(tradeDayStart(Date.parse('2026-11-21T03:00:00Z'))).toISOString()).toBe(
      '2026-11-20T23:00:00.000Z',
    );
    expect(new Date(tradeDayStart(Date.parse('2026-07-01T12:00:00Z'))).toISOString()).toBe(
      '2026-06-30T22:00:00.000Z',
    );
  });

  it('when 18:00 New York passes, then a flat account is told its day P&L starts again at zero', async () => {
    let now = Date.parse('2026-11-20T22:58:00Z');
    const venue = new PaperVenue({ seed: 42, tickMs: null, now: () => now });
    const id = venue.ensureAccounts('530', 1)[0]?.externalId ?? '';
    venue.setPrice('ESZ6', 6000);
    const buy = { accountExternalId: id, symbol: 'ESZ6', qty: 1, type: 'Market' } as const;
    venue.place({ ...buy, clientOrderId: 'in', side: 'buy' });
    venue.setPrice('ESZ6', 6002);
    venue.place({ ...buy, clientOrderId: 'out', side: 'sell' });
    const told: Array<[number, number]> = [];
    venue.hub.listen([id], (event) => {
      if (event.kind === 'account') told.push([event.account.realizedPnl, event.account.cashBalance]);
    });
    // Flat within the day: a price step tells nothing.
    now = Date.parse('2026-11-20T22:59:59Z');
    venue.setPrice('ESZ6', 6003);
    await Promise.resolve();
    expect(told).toEqual([]);
    // The day ends: one push with the day's realized P&L at zero, the balance kept; then quiet again.
    now = Date.parse('2026-11-20T23:00:01Z');
    venue.setPrice('ESZ6', 6004);
    venue.setPrice('ESZ6', 6005);
    await Promise.resolve();
    expect(told).toEqual([[0, 50_100]]);
  });

  it('when a replay-events fault hits, then the last events of the account arrive again, and a venue keeping none refuses it', async () => {
    const venue = newVenue();
    const id = venue.ensureAccounts('520', 1)[0]?.externalId ?? '';
    venue.setPrice('ESZ6', 6000);
    const kinds: string[] = [];
    venue.hub.listen([id], (event) => kinds.push(event.kind));
    const buy = { accountExternalId: id, symbol: 'ESZ6', side: 'buy', qty: 1, type: 'Market' } as const;
    venue.place({ ...buy, clientOrderId: 'r1' });
    await Promise.resolve();
    const once = [...kinds];
    venue.faults.arm({ kind: 'replay-events', count: 2 }, id);
    venue.place({ ...buy, clientOrderId: 'r2' });
    await Promise.resolve();
    // The second order's events, then its last two (position, account) once more.
    expect(kinds.slice(once.length)).toEqual([...once, 'position', 'account']);

    const server = new PaperVenue({ seed: 42, tickMs: null, eventHistory: 0 });
    const other = server.ensureAccounts('521', 1)[0]?.externalId ?? '';
    server.faults.arm({ kind: 'replay-events', count: 2 }, other);
    expect(() => server.place({ ...buy, accountExternalId: other, clientOrderId: 'r3' })).toThrow(
      'A replay-events fault needs a venue that keeps its events (eventHistory)',
    );
    expect(server.workingOrders([other])).toEqual([]);
    expect(server.positions([other])).toEqual([]);
  });
});
