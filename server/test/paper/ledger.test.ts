import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { PaperLedgerStore } from '../../src/brokers/paper/ledger-store';
import { openPaperVenue } from '../../src/brokers/paper/open-venue';
import { PaperSession } from '../../src/brokers/paper/session';
import type { PaperVenue } from '../../src/brokers/paper/venue';
import type { BrokerEvent } from '../../src/brokers/types';
import { createTestDb } from '../support/test-db';

const LOGIN = '4242';
const credentials = { accessToken: `sim:${LOGIN}:2` };

describe('paper ledger in the database', () => {
  let db: Db;
  const errors: unknown[] = [];
  const open = (journal?: boolean): Promise<PaperVenue> =>
    openPaperVenue(db, {
      seed: 11,
      tickMs: null,
      onError: (error) => errors.push(error),
      ...(journal === undefined ? {} : { journal }),
    });
  // What is stored includes the journal's batches not yet moved into the tables: move them before reading the tables.
  const tables = async (): Promise<Db> => {
    await new PaperLedgerStore(db).applyJournal();
    return db;
  };
  const sessionOn = (venue: PaperVenue): PaperSession =>
    new PaperSession(
      venue,
      venue.ensureAccounts(LOGIN, 2).map((a) => a.externalId),
      credentials,
    );
  /** A buy limit of 2 at 5990, filled when the price falls to 5985, then a market sell of 1: long 1 at 5985. */
  const limitThenMarket = async (
    venue: PaperVenue,
    session: PaperSession,
    a: string,
  ): Promise<{ orderId: string }> => {
    const limit = await session.placeOrder({
      accountExternalId: a,
      clientOrderId: 'j1',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      type: 'Limit',
      price: 5990,
    });
    venue.setPrice('ESZ6', 5985);
    await session.placeOrder({
      accountExternalId: a,
      clientOrderId: 'j2',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 1,
      type: 'Market',
    });
    return limit;
  };
  /** The tables hold what `limitThenMarket` did: both orders filled, long 1, two fills. */
  const expectBothFilledLongOne = async (a: string): Promise<void> => {
    const orders = await db.query<{ client_order_id: string; status: string; filled_qty: number }>(
      'SELECT client_order_id, status, filled_qty FROM sim_orders WHERE external_id = $1 ORDER BY client_order_id',
      [a],
    );
    expect(orders).toEqual([
      { client_order_id: 'j1', status: 'Filled', filled_qty: 2 },
      { client_order_id: 'j2', status: 'Filled', filled_qty: 1 },
    ]);
    const positions = await db.query<{ net_pos: number }>(
      `SELECT net_pos FROM sim_positions WHERE external_id = $1 AND symbol = 'ESZ6'`,
      [a],
    );
    expect(positions).toEqual([{ net_pos: 1 }]);
    const fills = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM sim_fills WHERE external_id = $1',
      [a],
    );
    expect(fills[0]?.n).toBe(2);
  };

  beforeEach(async () => {
    db = await createTestDb();
    await migrate(db);
    errors.length = 0;
  });
  afterEach(async () => {
    await db.close();
    expect(errors).toEqual([]);
  });

  it('when the venue stops gracefully and opens again, then balances, positions, day P&L, working orders and prices are back', async () => {
    const venue = await open();
    const session = sessionOn(venue);
    const [a, b] = [`${LOGIN}1`, `${LOGIN}2`];
    venue.setPrice('ESZ6', 6000);
    await session.placeOrder({
      accountExternalId: a,
      clientOrderId: 'c1',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 3,
      type: 'Market',
    });
    venue.setPrice('ESZ6', 6010);
    await session.placeOrder({
      accountExternalId: a,
      clientOrderId: 'c2',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 1,
      type: 'Market',
    });
    await session.placeOrder({
      accountExternalId: b,
      clientOrderId: 'c3',
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      type: 'Limit',
      price: 5900,
    });
    await session.placeOrder({
      accountExternalId: b,
      clientOrderId: 'c4',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 1,
      type: 'Market',
    });
    const before = {
      positions: await session.positions(),
      orders: await session.workingOrders(),
      snapshots: await session.accountSnapshots(),
    };
    // Written from the rules: long 3 at 6000, sold 1 at 6010 → +10 points × $50 realized; 2 left at 6000.
    expect(before.positions).toEqual([
      { accountExternalId: a, symbol: 'ESZ6', netPos: 2, avgPrice: 6000 },
      { accountExternalId: b, symbol: 'ESZ6', netPos: -1, avgPrice: 6010 },
    ]);
    expect(before.snapshots[0]).toEqual({
      accountExternalId: a,
      cashBalance: 50_500,
      realizedPnl: 500,
      openPnl: 1_000,
    });
    expect(before.orders.map((o) => [o.clientOrderId, o.status, o.price])).toEqual([['c3', 'Working', 5900]]);
    const maxId = Math.max(...before.orders.map((o) => Number(o.orderId)));
    await venue.close();

    const again = await open();
    const resumed = sessionOn(again);
    expect(await resumed.positions()).toEqual(before.positions);
    expect(await resumed.workingOrders()).toEqual(before.orders);
    expect(await resumed.accountSnapshots()).toEqual(before.snapshots);
    expect(again.quotes().find((q) => q.symbol.startsWith('ES'))?.price).toBe(6010);
    expect((await resumed.findOrderByClientId(a, 'c1'))?.status).toBe('Filled');

    // The resting limit still works after the restart, and new ids never repeat old ones.
    const seen: BrokerEvent[] = [];
    resumed.subscribe((event) => seen.push(event));
    again.setPrice('ESZ6', 5890);
    const next = await resumed.placeOrder({
      accountExternalId: a,
      clientOrderId: 'c5',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 2,
      type: 'Market',
    });
    expect(Number(next.orderId)).toBeGreaterThan(maxId);
    // The buy limit at 5900 fills at the better market price 5890 and turns b from short 1 to long 1.
    expect(await resumed.positions()).toEqual([
      { accountExternalId: b, symbol: 'ESZ6', netPos: 1, avgPrice: 5890 },
    ]);
    const fills = await (
      await tables()
    ).query<{ fill_id: string; order_id: string }>('SELECT fill_id, order_id FROM sim_fills');
    expect(new Set(fills.map((f) => f.fill_id)).size).toBe(fills.length);
    expect(fills).toHaveLength(5);
    const orderIds = await db.query<{ n: number; distinct: number }>(
      'SELECT count(*) AS n, count(DISTINCT order_id) AS distinct FROM sim_orders',
    );
    expect(orderIds[0]?.n).toBe(orderIds[0]?.distinct);
    await again.close();
  });

  it("when a linked pair is stored and the venue opens again, then the stop's fill still cancels its linked target", async () => {
    const venue = await open();
    const session = sessionOn(venue);
    const a = `${LOGIN}1`;
    venue.setPrice('ESZ6', 6000);
    const stop = await session.placeOrder({
      accountExternalId: a,
      clientOrderId: 'sl',
      symbol: 'ESZ6',
      side: 'sell',
      qty: 1,
      type: 'Stop',
      stopPrice: 5990,
      oco: { clientOrderId: 'tp', type: 'Limit', price: 6010 },
    });
    // Abandoned without a stop, like a killed process: only what was stored when the answer went out remains.
    venue.stop();
    const again = await open();
    again.setPrice('ESZ6', 5990);
    expect(again.findByClientId(a, 'sl')?.orderId).toBe(stop.orderId);
    expect([again.findByClientId(a, 'sl')?.status, again.findByClientId(a, 'tp')?.status]).toEqual([
      'Filled',
      'Canceled',
    ]);
    await again.close();
    // The abandoned venue's move of the journal would run later on a closed database: end it (nothing is left to write).
    await venue.close();
  });

  it('when the venue is abandoned without a stop, then everything it answered or reported is stored', async () => {
    const venue = await open();
    const session = sessionOn(venue);
    const a = `${LOGIN}1`;
    const fills: string[] = [];
    session.subscribe((event) => {
      if (event.kind === 'fill') fills.push(event.fillId);
    });
    for (let i = 0; i < 20; i += 1)
      await session.placeOrder({
        accountExternalId: a,
        clientOrderId: `k${i}`,
        symbol: 'NQZ6',
        side: i % 3 === 0 ? 'sell' : 'buy',
        qty: 1,
        type: 'Market',
      });
    // No close(): like a killed process, only what was stored when the answers went out remains.
    const stored = await (
      await tables()
    ).query<{ fill_id: string }>(`SELECT fill_id FROM sim_fills WHERE external_id = $1`, [a]);
    expect(stored.map((f) => f.fill_id).sort()).toEqual([...fills].sort());
    venue.stop();
    const again = await open();
    const [position] = await sessionOn(again).positions();
    // 20 orders, every third a sell (i = 0, 3, …, 18: 7 sells) → 13 − 7 = 6 long.
    expect(position?.netPos).toBe(6);
    await again.close();
    // The abandoned venue's move of the journal would run later on a closed database: end it (nothing is left to write).
    await venue.close();
  });

  it('when an event reaches a listener, then the change it reports is already stored', async () => {
    const venue = await open();
    const session = sessionOn(venue);
    const a = `${LOGIN}2`;
    const checks: Array<Promise<boolean>> = [];
    session.subscribe((event) => {
      if (event.kind === 'fill')
        checks.push(
          tables()
            .then((stored) =>
              stored.query<{ n: number }>('SELECT count(*) AS n FROM sim_fills WHERE fill_id = $1', [
                event.fillId,
              ]),
            )
            .then((rows) => rows[0]?.n === 1),
        );
    });
    const pending = [1, 2, 3].map((qty) =>
      session.placeOrder({
        accountExternalId: a,
        clientOrderId: `e${qty}`,
        symbol: 'CLZ6',
        side: 'buy',
        qty,
        type: 'Market',
      }),
    );
    await Promise.all(pending);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.all(checks)).toEqual([true, true, true]);
    await venue.close();
  });

  it('when a process is killed with batches still in the journal, then the next start moves them into the tables, the latest state of each order winning', async () => {
    const venue = await open(true);
    const session = sessionOn(venue);
    const a = `${LOGIN}1`;
    venue.setPrice('ESZ6', 6000);
    const limit = await limitThenMarket(venue, session, a);
    // Killed before the journal was moved: the tables do not hold the orders yet, the journal does.
    venue.stop();
    const waiting = await db.query<{ n: number }>('SELECT count(*) AS n FROM sim_ledger_journal');
    expect(waiting[0]?.n).toBeGreaterThanOrEqual(2);
    expect(await db.query('SELECT 1 FROM sim_orders WHERE order_id = $1', [limit.orderId])).toEqual([]);

    const again = await open();
    expect(await db.query('SELECT seq FROM sim_ledger_journal')).toEqual([]);
    await expectBothFilledLongOne(a);
    await again.close();
    // The abandoned venue's move of the journal would run later on a closed database: end it (nothing is left to write).
    await venue.close();
  });
  describe('with the journal in files', () => {
    let dir: string;
    const openFiles = (): Promise<PaperVenue> =>
      openPaperVenue(db, {
        seed: 11,
        tickMs: null,
        onError: (error) => errors.push(error),
        journal: true,
        journalDir: dir,
      });
    /** Segments holding batches (the next one may be started ahead, empty, before its first batch). */
    const written = (): string[] =>
      readdirSync(dir).filter((name) => name.endsWith('.log') && statSync(path.join(dir, name)).size > 0);
    const lines = (): string[] =>
      readdirSync(dir).flatMap((name) =>
        readFileSync(path.join(dir, name), 'utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );

    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'sim-ledger-journal-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('when an order is answered, then its batch is in the journal file before the answer, and none in the table', async () => {
      const venue = await openFiles();
      const session = sessionOn(venue);
      venue.setPrice('ESZ6', 6000);
      const order = await session.placeOrder({
        accountExternalId: `${LOGIN}1`,
        clientOrderId: 'f1',
        symbol: 'ESZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      });
      expect(lines().some((line) => line.includes(`"order_id":"${order.orderId}"`))).toBe(true);
      expect(await db.query('SELECT seq FROM sim_ledger_journal')).toEqual([]);
      await venue.close();
      // A graceful stop moves the journal into the tables and leaves no batch behind.
      expect(lines()).toEqual([]);
      expect(await db.query('SELECT status FROM sim_orders WHERE order_id = $1', [order.orderId])).toEqual([
        { status: 'Filled' },
      ]);
    });

    it('when the journal is in files, then the venue answers an order within its turn, before the next macrotask; with the journal table or the tables, it says it does not', async () => {
      const venue = await openFiles();
      const session = sessionOn(venue);
      venue.setPrice('ESZ6', 6000);
      let nextTurn = false;
      setImmediate(() => {
        nextTurn = true;
      });
      await session.placeOrder({
        accountExternalId: `${LOGIN}1`,
        clientOrderId: 't1',
        symbol: 'ESZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      });
      expect(nextTurn).toBe(false);
      expect(venue.answersWithinTurn).toBe(true);
      await venue.close();
      for (const journal of [true, false]) {
        const waits = await open(journal);
        expect(waits.answersWithinTurn).toBe(false);
        await waits.close();
      }
    });

    it('when a process is killed with batches in the files, and a last line torn, then the next start stores the whole batches, the latest state of each order winning', async () => {
      const venue = await openFiles();
      const session = sessionOn(venue);
      const a = `${LOGIN}1`;
      venue.setPrice('ESZ6', 6000);
      const limit = await limitThenMarket(venue, session, a);
      // Killed before the journal was moved, in the middle of an append nobody was answered for.
      venue.stop();
      expect(lines().length).toBeGreaterThanOrEqual(2);
      const [segment] = written();
      appendFileSync(path.join(dir, segment ?? 'ledger-1.log'), '{"accounts":[{"external_');
      expect(await db.query('SELECT 1 FROM sim_orders WHERE order_id = $1', [limit.orderId])).toEqual([]);

      const again = await openFiles();
      expect(written()).toEqual([]);
      await expectBothFilledLongOne(a);
      // The resumed venue goes on from the stored state.
      expect(await sessionOn(again).positions()).toEqual([
        { accountExternalId: a, symbol: 'ESZ6', netPos: 1, avgPrice: 5985 },
      ]);
      await again.close();
      await venue.close();
    });

    it('when a line in the middle of a file is damaged, then it is reported and the batches around it are stored', async () => {
      const venue = await openFiles();
      const session = sessionOn(venue);
      venue.setPrice('ESZ6', 6000);
      await session.placeOrder({
        accountExternalId: `${LOGIN}2`,
        clientOrderId: 'd1',
        symbol: 'ESZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      });
      venue.stop();
      const [segment] = written();
      const file = path.join(dir, segment ?? 'ledger-1.log');
      appendFileSync(file, 'not json\n');
      const again = await openFiles();
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toContain('is damaged and was skipped');
      errors.length = 0;
      expect(await db.query('SELECT client_order_id FROM sim_orders')).toEqual([{ client_order_id: 'd1' }]);
      await again.close();
      await venue.close();
    });
  });
});
