import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyStoreFor } from '../../src/copier/store/copy-store-for';
import { JournaledCopyStore } from '../../src/copier/store/journaled-store';
import { SqlCopyStore } from '../../src/copier/store/sql-store';
import type { ClaimRequest } from '../../src/copier/engine/ports';
import type { CopyIntent, CopySkip, EngineAccount } from '../../src/copier/engine/types';
import type { Db } from '../../src/db/db';
import type { TestApp } from '../support/build-test-app';
import { usingPostgres } from '../support/test-db';
import type { TestUser } from '../support/users';
import { openPaperDesk } from './support/paper-desk';

const DAY_MS = 24 * 3_600_000;

let t: TestApp;
let user: TestUser;
let followerId: number;
let journalDir: string;

beforeAll(async () => {
  const desk = await openPaperDesk('Store');
  ({ t, user } = desk);
  followerId = desk.rows[1]?.id ?? 0;
});
afterAll(async () => t.close());
beforeEach(() => {
  journalDir = mkdtempSync(path.join(tmpdir(), 'synctrade-journal-'));
});
// Every store a test opened is closed after it, passed or failed, while the database is still open: a failed
// assertion then reads as itself, not as writes behind it hitting a database closed under them.
const opened: Array<{ close(): Promise<void> }> = [];
function track<T extends { close(): Promise<void> }>(store: T): T {
  opened.push(store);
  return store;
}
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close().catch(() => undefined);
  rmSync(journalDir, { recursive: true, force: true });
});

const intent = (clientOrderId: string, eventKey: string): CopyIntent => ({
  clientOrderId,
  eventKey,
  userId: user.id,
  accountId: followerId,
  symbol: 'ESZ6',
  side: 'buy',
  qty: 2,
  type: 'Market',
  price: null,
  stopPrice: null,
  exit: false,
  leaderOrderId: null,
});

const request = (
  eventKey: string,
  intents: CopyIntent[],
  eventTime: number | null = Date.now(),
  skips: CopySkip[] = [],
): ClaimRequest => ({ eventKey, userId: user.id, intents, skips, eventTime });

const skip = (eventKey: string): CopySkip => ({
  eventKey,
  userId: user.id,
  accountId: followerId,
  symbol: 'ESZ6',
  side: 'buy',
  qty: 0.4,
  type: 'Market',
  price: null,
  status: 'Canceled',
  reason: 'Below one contract',
});

async function skipRows(eventKey: string): Promise<{ status: string; reason: string }[]> {
  return t.db.query(
    'SELECT status, reason FROM copy_orders WHERE event_key = $1 AND client_order_id IS NULL',
    [eventKey],
  );
}

const rethrow = (error: unknown): void => {
  throw error;
};

/** A database whose writes can be switched off, as if it were down. */
function switchableDb(): Db & { down: boolean } {
  const db: Db & { down: boolean } = {
    ...t.db,
    down: false,
    tx: (fn) => (db.down ? Promise.reject(new Error('database down')) : t.db.tx(fn)),
  };
  return db;
}

async function eventStored(eventKey: string): Promise<boolean> {
  const rows = await t.db.query('SELECT 1 FROM copy_events WHERE event_key = $1', [eventKey]);
  return rows.length === 1;
}

// The tag keeps each store's event keys apart: both write to the same database.
const stores = [
  ['claims in the database', 'd', () => track(new SqlCopyStore(t.db, rethrow))],
  [
    'claims in the intent journal',
    'j',
    () => track(new JournaledCopyStore(t.db, { dir: journalDir, onError: rethrow })),
  ],
] as const;

describe.each(stores)('copier store, %s', (_name, tag, create) => {
  it('when a leader event is claimed twice, then the second claim is stale and claims nothing', async () => {
    const store = create();
    await store.open();
    const key = `f1-100${tag}`;
    const first = await store.claim(request(key, [intent(`st.${key}.2`, key), intent(`st.${key}.2.1`, key)]));
    expect([first.fresh, [...first.claimed].sort()]).toEqual([true, [`st.${key}.2`, `st.${key}.2.1`]]);
    const replay = await store.claim(request(key, [intent(`st.${key}.2`, key)]));
    expect([replay.fresh, replay.claimed.size]).toEqual([false, 0]);
    const empty = await store.claim(request(`${key}-empty`, [], null));
    expect([empty.fresh, empty.claimed.size]).toEqual([true, 0]);
    await store.close();
  });

  it('when intents were written but never confirmed, then they are unresolved until an outcome is stored', async () => {
    const store = create();
    await store.open();
    const key = `f1-200${tag}`;
    await store.claim(request(key, [intent(`st.${key}.2`, key)]));
    expect(
      (await store.unresolved([followerId])).map((i) => [i.clientOrderId, i.qty, i.side]),
    ).toContainEqual([`st.${key}.2`, 2, 'buy']);
    store.recordOutcome({
      clientOrderId: `st.${key}.2`,
      status: 'Success',
      brokerOrderId: `77${tag}`,
      reason: null,
      sentMs: 0.05,
      ackMs: 0.2,
    });
    await store.flush();
    expect((await store.unresolved([followerId])).map((i) => i.clientOrderId)).not.toContain(`st.${key}.2`);
    const [row] = await t.db.query<{ status: string; broker_order_id: string; ack_ms: number }>(
      'SELECT status, broker_order_id, ack_ms FROM copy_orders WHERE client_order_id = $1',
      [`st.${key}.2`],
    );
    expect(row).toEqual({ status: 'Success', broker_order_id: `77${tag}`, ack_ms: 0.2 });
    await store.close();
  });

  it('when the broker reports a copy before its answer and without our id, then the outcome merges into the copy', async () => {
    const store = create();
    await store.open();
    const key = `f1-300${tag}`;
    const brokerOrderId = `88${tag}`;
    await store.claim(request(key, [intent(`st.${key}.2`, key)]));
    const account = { id: followerId, userId: user.id } as EngineAccount;
    store.recordBrokerEvent(
      account,
      {
        kind: 'order',
        order: {
          orderId: brokerOrderId,
          clientOrderId: null,
          accountExternalId: 'x',
          symbol: 'ESZ6',
          side: 'buy',
          qty: 2,
          filledQty: 0,
          type: 'Market',
          price: null,
          stopPrice: null,
          status: 'Working',
          reason: null,
          parentOrderId: null,
          time: Date.now(),
        },
      },
      'manual',
    );
    await store.flush();
    store.recordOutcome({
      clientOrderId: `st.${key}.2`,
      status: 'Success',
      brokerOrderId,
      reason: null,
      sentMs: 1,
      ackMs: 2,
    });
    await store.flush();
    const rows = await t.db.query<{ client_order_id: string | null; role: string }>(
      'SELECT client_order_id, role FROM copy_orders WHERE account_id = $1 AND broker_order_id = $2',
      [followerId, brokerOrderId],
    );
    expect(rows).toEqual([{ client_order_id: `st.${key}.2`, role: 'copy' }]);
    await store.close();
  });

  it('when an event leaves a follower without an order, then the reason is stored with the claim, once', async () => {
    const store = create();
    await store.open();
    const key = `f1-400${tag}`;
    await store.claim(request(key, [], Date.now(), [skip(key)]));
    await store.claim(request(key, [], Date.now(), [skip(key)]));
    await store.flush();
    expect(await skipRows(key)).toEqual([{ status: 'Canceled', reason: 'Below one contract' }]);
    await store.close();
  });
});

describe('copier store, concurrent claims (group commit)', () => {
  /** The test database, counting the claim statements and their follower rows. */
  function countingDb(): Db & { batches: number; rowsPerBatch: number[] } {
    const db: Db & { batches: number; rowsPerBatch: number[] } = {
      ...t.db,
      batches: 0,
      rowsPerBatch: [],
      query: (sql, params) => {
        if (sql.includes('jsonb_to_recordset($1::jsonb)')) {
          db.batches += 1;
          const claims = JSON.parse(String(params?.[0])) as Array<{ intents: unknown[]; skips: unknown[] }>;
          db.rowsPerBatch.push(claims.reduce((n, claim) => n + claim.intents.length + claim.skips.length, 0));
        }
        return t.db.query(sql, params);
      },
    };
    return db;
  }

  it('when large events are claimed at once, then no statement holds more than 2,000 follower rows', async () => {
    const db = countingDb();
    const store = track(new SqlCopyStore(db, rethrow));
    const keys = Array.from({ length: 6 }, (_, i) => `gb-${i}`);
    const intentsOf = (key: string): CopyIntent[] =>
      Array.from({ length: 900 }, (_, n) => intent(`st.${key}.${n}`, key));
    const results = await Promise.all(keys.map((key) => store.claim(request(key, intentsOf(key)))));
    expect(results.map((result) => [result.fresh, result.claimed.size])).toEqual(keys.map(() => [true, 900]));
    expect(db.batches).toBeGreaterThanOrEqual(3);
    expect(Math.max(...db.rowsPerBatch)).toBeLessThanOrEqual(2_000);
    await store.close();
  });

  it('when many events are claimed at once, then fewer statements store them, each event once, with its own orders and skips', async () => {
    const db = countingDb();
    const store = track(new SqlCopyStore(db, rethrow));
    const keys = Array.from({ length: 30 }, (_, i) => `gc-${i}`);
    const results = await Promise.all([
      ...keys.map((key) =>
        store.claim(
          request(key, [intent(`st.${key}.a`, key), intent(`st.${key}.b`, key)], Date.now(), [skip(key)]),
        ),
      ),
      // A replay of an event whose claim is under way, and a new event three times while the claims before them
      // wait for their turn (so all three would be in one statement): each event is stored and claimed once.
      store.claim(request('gc-0', [intent('st.gc-0.a', 'gc-0')])),
      ...[0, 1, 2].map(() => store.claim(request('gc-dup', [intent('st.gc-dup', 'gc-dup')]))),
    ]);
    expect(db.batches).toBeLessThan(results.length);
    results.slice(0, 30).forEach((result, i) => {
      expect([result.fresh, [...result.claimed].sort()]).toEqual([true, [`st.gc-${i}.a`, `st.gc-${i}.b`]]);
    });
    expect([results[30]?.fresh, results[30]?.claimed.size]).toEqual([false, 0]);
    const dup = results.slice(31);
    expect(dup.filter((result) => result.fresh).map((result) => [...result.claimed])).toEqual([
      ['st.gc-dup'],
    ]);
    expect(dup.filter((result) => !result.fresh).map((result) => result.claimed.size)).toEqual([0, 0]);
    const orders = await t.db.query<{ event_key: string; n: number; skips: number }>(
      `SELECT event_key, count(client_order_id)::int AS n, count(*) FILTER (WHERE client_order_id IS NULL)::int AS skips
       FROM copy_orders WHERE event_key LIKE 'gc-%' AND event_key <> 'gc-dup' GROUP BY event_key ORDER BY event_key`,
    );
    expect(orders).toHaveLength(30);
    expect(orders.every((row) => row.n === 2 && row.skips === 1)).toBe(true);
    await store.close();
  });

  it('when one claim of a batch cannot be stored, then only its event fails and the others are stored', async () => {
    const store = track(new SqlCopyStore(t.db, rethrow));
    const bad = { ...intent('st.gc-bad.x', 'gc-bad'), accountId: 2_000_000_000 };
    const results = await Promise.allSettled([
      store.claim(request('gc-ok-1', [intent('st.gc-ok-1', 'gc-ok-1')])),
      store.claim(request('gc-ok-2', [intent('st.gc-ok-2', 'gc-ok-2')])),
      store.claim(request('gc-ok-3', [intent('st.gc-ok-3', 'gc-ok-3')])),
      store.claim(request('gc-bad', [bad])),
      store.claim(request('gc-ok-4', [intent('st.gc-ok-4', 'gc-ok-4')])),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    for (const key of ['gc-ok-1', 'gc-ok-2', 'gc-ok-3', 'gc-ok-4']) expect(await eventStored(key)).toBe(true);
    expect(await eventStored('gc-bad')).toBe(false);
    await store.close();
  });
});

describe('copier store, intent journal', () => {
  /** Segments holding entries (the next one may be started ahead, empty, before its first entry). */
  const segments = (): string[] =>
    readdirSync(journalDir).filter(
      (name) => name.endsWith('.log') && statSync(path.join(journalDir, name)).size > 0,
    );

  it('when an event is claimed, then it is in the journal before the database, and the segment goes once stored', async () => {
    const store = track(new JournaledCopyStore(t.db, { dir: journalDir, onError: rethrow }));
    await store.open();
    await store.claim(request('f1-500', [intent('st.f1-500.2', 'f1-500')]));
    const [segment] = segments();
    expect(readFileSync(path.join(journalDir, segment ?? ''), 'utf8')).toContain('"st.f1-500.2"');
    expect(await eventStored('f1-500')).toBe(false);
    await store.flush();
    expect([await eventStored('f1-500'), segments()]).toEqual([true, []]);
    await store.close();
  });

  it('when the server stops before the database took a claim, then the next start stores it and refuses its replay', async () => {
    const db = switchableDb();
    const errors: unknown[] = [];
    const crashed = new JournaledCopyStore(db, { dir: journalDir, onError: (error) => errors.push(error) });
    await crashed.open();
    db.down = true;
    await crashed.claim(request('f1-600', [intent('st.f1-600.2', 'f1-600')], Date.now(), [skip('f1-600')]));
    await crashed.flush();
    expect([errors.length > 0, segments().length, await eventStored('f1-600')]).toEqual([true, 1, false]);

    // The segment is read back twice, as when a server stops after storing it but before deleting it.
    const [segment] = segments();
    const copy = path.join(journalDir, 'intents-9.log');
    writeFileSync(copy, readFileSync(path.join(journalDir, segment ?? '')));
    const restarted = track(new JournaledCopyStore(t.db, { dir: journalDir, onError: rethrow }));
    await restarted.open();
    expect([await eventStored('f1-600'), segments()]).toEqual([true, []]);
    expect(await skipRows('f1-600')).toEqual([{ status: 'Canceled', reason: 'Below one contract' }]);
    const replay = await restarted.claim(request('f1-600', [intent('st.f1-600.2', 'f1-600')]));
    expect(replay.fresh).toBe(false);
    expect((await restarted.unresolved([followerId])).map((i) => i.clientOrderId)).toContain('st.f1-600.2');
    await restarted.close();
    crashed.close().catch(() => undefined);
  });

  it('when a batch write fails, then its claims are written by a later one and the journal is kept until then', async () => {
    const db = switchableDb();
    const errors: unknown[] = [];
    const store = track(
      new JournaledCopyStore(db, { dir: journalDir, onError: (error) => errors.push(error) }),
    );
    await store.open();
    db.down = true;
    await store.claim(request('f1-700', [intent('st.f1-700.2', 'f1-700')]));
    await store.flush();
    expect([errors.length, segments().length]).toEqual([1, 1]);
    db.down = false;
    await store.claim(request('f1-701', [intent('st.f1-701.2', 'f1-701')]));
    await store.flush();
    expect([await eventStored('f1-700'), await eventStored('f1-701'), segments()]).toEqual([true, true, []]);
    await store.close();
  });

  it('when the last journal line is torn, then it is dropped quietly; a damaged line before it is reported', async () => {
    const line = (key: string): string =>
      JSON.stringify({ eventKey: key, userId: user.id, at: Date.now(), intents: [] });
    writeFileSync(path.join(journalDir, 'intents-3.log'), `${line('f1-800')}\nnot json\n${line('f1-801')}\n`);
    appendFileSync(path.join(journalDir, 'intents-3.log'), line('f1-802').slice(0, 20));
    const errors: unknown[] = [];
    const store = track(
      new JournaledCopyStore(t.db, { dir: journalDir, onError: (error) => errors.push(error) }),
    );
    await store.open();
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'Intent journal intents-3.log: line 2 is damaged and was skipped',
    ]);
    expect([await eventStored('f1-800'), await eventStored('f1-801'), await eventStored('f1-802')]).toEqual([
      true,
      true,
      false,
    ]);
    // New segments continue after the highest one found, so nothing is overwritten.
    await store.claim(request('f1-803', []));
    expect(segments()).toEqual(['intents-4.log']);
    await store.close();
  });

  it('when an event is older than the recent events kept in memory, then the database decides the claim', async () => {
    await t.db.query(
      `INSERT INTO copy_events (event_key, user_id, created_at) VALUES ('f1-900', $1, now() - interval '3 days')`,
      [user.id],
    );
    const store = track(new JournaledCopyStore(t.db, { dir: journalDir, onError: rethrow }));
    await store.open();
    const old = Date.now() - 3 * DAY_MS;
    expect((await store.claim(request('f1-900', [intent('st.f1-900.2', 'f1-900')], old))).fresh).toBe(false);
    const fresh = await store.claim(request('f1-901', [intent('st.f1-901.2', 'f1-901')], old));
    // Decided in the database: stored at once, with no journal entry.
    expect([fresh.fresh, await eventStored('f1-901'), segments()]).toEqual([true, true, []]);
    await store.close();
  });

  it('when a recent event was claimed by an earlier run, then its replay is refused from memory', async () => {
    const first = track(new JournaledCopyStore(t.db, { dir: journalDir, onError: rethrow }));
    await first.open();
    await first.claim(request('f1-950', []));
    await first.close();
    const second = track(new JournaledCopyStore(t.db, { dir: journalDir, onError: rethrow }));
    await second.open();
    await t.db.query(`DELETE FROM copy_events WHERE event_key = 'f1-950'`);
    // Loaded at start, so the database is not asked again.
    expect((await second.claim(request('f1-950', []))).fresh).toBe(false);
    await second.close();
  });
});

describe('copier store, claims on connections of their own', () => {
  (usingPostgres() ? it : it.skip)(
    "when every connection of the server's pool is busy, then a copy's claim is still stated, not queued behind them",
    async () => {
      const store = track(copyStoreFor(t.app, rethrow));
      await store.open();
      const released: { release?: () => void } = {};
      const held = new Promise<void>((resolve) => {
        released.release = resolve;
      });
      // One connection holds a lock; every other one of the pool waits for it, and later statements queue.
      let holding = (): void => undefined;
      const locked = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = t.db.tx(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(48048)');
        holding();
        await held;
      });
      await locked;
      let waitersDone = 0;
      const waiters = Array.from({ length: 8 }, () =>
        t.db.query('SELECT pg_advisory_xact_lock_shared(48048)').then(() => {
          waitersDone += 1;
        }),
      );
      try {
        const key = 'f1-pool-busy';
        const claim = store.claim(request(key, [intent(`st.${key}.2`, key)]));
        // A guard against a hang only: a claim queued behind the pool would wait for the lock's release.
        const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 15_000).unref());
        const result = await Promise.race([claim, stuck]);
        expect(result === 'stuck' ? result : [...result.claimed]).toEqual([`st.${key}.2`]);
        expect(waitersDone).toBe(0);
      } finally {
        released.release?.();
        await Promise.all([holder, ...waiters]);
      }
    },
  );
});
