import { PathPriceModel, PricePath } from '../../src/brokers/paper/price-path';
import { START_PRICE } from '../../src/brokers/paper/price-model';
import type { PaperAccount } from '../../src/brokers/paper/ledger';
import type { LedgerBatch } from '../../src/brokers/paper/ledger-store';
import type { PaperOrder } from '../../src/brokers/paper/matching';
import { LeaseKeeper } from '../../src/cluster/lease-keeper';
import { PaperLeases } from '../../src/cluster/fencing';
import { LeaseStore } from '../../src/cluster/lease-store';
import { SqlCopyStore } from '../../src/copier/store/sql-store';
import type { ClaimRequest } from '../../src/copier/engine/ports';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { openPaperDesk } from '../copier/support/paper-desk';

let t: TestApp;
let user: TestUser;
let followerId: number;

beforeAll(async () => {
  const desk = await openPaperDesk('Leases');
  ({ t, user } = desk);
  followerId = desk.rows[1]?.id ?? 0;
});
afterAll(async () => t.close());

const claimOf = (eventKey: string): ClaimRequest => ({
  eventKey,
  userId: user.id,
  intents: [
    {
      clientOrderId: `st.${eventKey}.${followerId}`,
      eventKey,
      userId: user.id,
      accountId: followerId,
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      type: 'Market',
      price: null,
      stopPrice: null,
      exit: false,
      leaderOrderId: null,
    },
  ],
  skips: [],
  eventTime: Date.now(),
});

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

test('one owner at a time; the token grows at each new owner; a stale owner’s claim is refused', async () => {
  const leases = new LeaseStore(t.db);
  const first = await leases.acquire(user.id, 'x', 300);
  expect(first).toEqual({ userId: user.id, token: 1 });
  // Held: nobody else gets it.
  expect(await leases.acquire(user.id, 'y', 300)).toBeNull();
  // x stops renewing: once the database's clock passes the expiry, y takes over with the next token.
  let second: Awaited<ReturnType<LeaseStore['acquire']>> = null;
  await until(async () => (second = await leases.acquire(user.id, 'y', 60_000)) !== null);
  expect(second).toEqual({ userId: user.id, token: 2 });
  const log = await t.db.query<{ node_id: string; token: number; previous_node: string | null }>(
    `SELECT node_id, token, previous_node FROM cluster_lease_log WHERE user_id = $1 ORDER BY token`,
    [user.id],
  );
  expect(log.map((row) => [row.node_id, Number(row.token), row.previous_node])).toEqual([
    ['x', 1, null],
    ['y', 2, 'x'],
  ]);
  // x's renewal finds nothing: its lease is lost.
  expect(await leases.renew('x', [{ userId: user.id, token: 1 }], 300)).toEqual([]);
  // y renews what it holds; a lease y does not name (given up, or held before a restart) is not renewed.
  expect(await leases.renew('y', [{ userId: user.id, token: 2 }], 60_000)).toEqual([
    { userId: user.id, token: 2 },
  ]);
  expect(await leases.renew('y', [], 60_000)).toEqual([]);

  // x still believes it owns the group: its claim carries token 1 and the database refuses it.
  const stale = new SqlCopyStore(t.db, () => undefined, undefined, {
    leaseOf: () => ({ nodeId: 'x', token: 1 }),
  });
  const refused = await stale.claim(claimOf('fence-stale'));
  expect(refused.fresh).toBe(false);
  expect(refused.claimed.size).toBe(0);
  const stored = await t.db.query(`SELECT 1 FROM copy_events WHERE event_key = 'fence-stale'`);
  expect(stored).toHaveLength(0);
  // The same claim with y's lease is stored.
  const owner = new SqlCopyStore(t.db, () => undefined, undefined, {
    leaseOf: () => ({ nodeId: 'y', token: 2 }),
  });
  const accepted = await owner.claim(claimOf('fence-owner'));
  expect(accepted.fresh).toBe(true);
  expect([...accepted.claimed]).toEqual([`st.fence-owner.${followerId}`]);
  // A node without a lease claims nothing and asks the database nothing.
  const none = new SqlCopyStore(t.db, () => undefined, undefined, { leaseOf: () => null });
  expect((await none.claim(claimOf('fence-none'))).fresh).toBe(false);
  // Claims under way together go in one statement (group commit): each is checked against its own lease there.
  let token = 1;
  const switching = new SqlCopyStore(t.db, () => undefined, undefined, {
    leaseOf: () => ({ nodeId: 'y', token }),
  });
  const staleBurst = ['fence-b1', 'fence-b2', 'fence-b3'].map((key) => switching.claim(claimOf(key)));
  token = 2;
  const liveBurst = ['fence-b4', 'fence-b5', 'fence-b6'].map((key) => switching.claim(claimOf(key)));
  const burst = await Promise.all([...staleBurst, ...liveBurst]);
  expect(burst.map((result) => [result.fresh, result.claimed.size])).toEqual([
    [false, 0],
    [false, 0],
    [false, 0],
    [true, 1],
    [true, 1],
    [true, 1],
  ]);
  const burstStored = await t.db.query<{ event_key: string }>(
    `SELECT event_key FROM copy_events WHERE event_key LIKE 'fence-b%' ORDER BY event_key`,
  );
  expect(burstStored.map((row) => row.event_key)).toEqual(['fence-b4', 'fence-b5', 'fence-b6']);
  await Promise.all([stale.close(), owner.close(), none.close(), switching.close()]);

  // Handed back: another node may take it at once.
  await leases.release({ userId: user.id, token: 2 }, 'y');
  expect(await leases.acquire(user.id, 'z', 60_000)).toEqual({ userId: user.id, token: 3 });
  await leases.release({ userId: user.id, token: 3 }, 'z');
});

test('a node stops vouching for its lease a margin before the database would let it go', async () => {
  let now = 0;
  const keeper = new LeaseKeeper(
    new LeaseStore(t.db),
    'k',
    { ttlMs: 60_000, renewMs: 20_000, marginMs: 15_000 },
    () => now,
  );
  const lease = await keeper.acquire(user.id);
  expect(lease).not.toBeNull();
  expect(keeper.tokenOf(user.id)).toBe(lease?.token);
  now = 44_999;
  expect(keeper.isValid(user.id)).toBe(true);
  // 60 s lease counted from when the request left, less the 15 s margin.
  now = 45_000;
  expect(keeper.isValid(user.id)).toBe(false);
  // A renewal sent now moves the local deadline from the moment it was sent.
  expect(await keeper.renew()).toEqual([]);
  expect(keeper.isValid(user.id)).toBe(true);
  await keeper.release(user.id);
  expect(keeper.users()).toEqual([]);
});

test('paper prices are a pure function of the seed and the time step', () => {
  const a = new PricePath(7);
  const b = new PricePath(7);
  const other = new PricePath(8);
  let differs = false;
  for (const step of [0, 1, 1023, 1024, 1025, 5_000_000, 5_000_001]) {
    expect(a.ticksAt('ES', step)).toBe(b.ticksAt('ES', step));
    if (a.ticksAt('ES', step) !== other.ticksAt('ES', step)) differs = true;
  }
  expect(differs).toBe(true);
  // Two nodes' models at the same moment quote the same price, whatever each saw before.
  let clock = 3_000_000_000_000;
  const first = new PathPriceModel(7, 500, () => clock);
  clock += 12_345;
  const second = new PathPriceModel(7, 500, () => clock);
  expect(first.price('ES')).toBe(second.price('ES'));
  expect(first.price('MNQ')).toBe(second.price('NQ'));
  // The walk stays near its start: anchors within 3 %, the bridge a few hundred ticks at most.
  const start = START_PRICE.ES / 0.25;
  for (let step = 0; step < 4096; step += 1)
    expect(Math.abs(a.ticksAt('ES', step) - start)).toBeLessThan(start * 0.1);
});

test('a node reports its sessions and allowance; groups weigh their enabled connections', async () => {
  const leases = new LeaseStore(t.db);
  await leases.heartbeat('w1', 'http://w1', 60_000, false, { sessions: 7, maxSessions: 40 });
  await leases.heartbeat('w2', 'http://w2', 60_000, true);
  const loads = (await leases.nodeLoads()).filter((n) => n.nodeId.startsWith('w'));
  expect(loads).toEqual([
    { nodeId: 'w1', draining: false, sessions: 7, maxSessions: 40 },
    { nodeId: 'w2', draining: true, sessions: 0, maxSessions: Number.MAX_SAFE_INTEGER },
  ]);
  // The desk's user has one paper connection: one session; an unknown user weighs nothing.
  expect(await leases.weightsOf([user.id, 999_999])).toEqual([
    { userId: user.id, sessions: 1 },
    { userId: 999_999, sessions: 0 },
  ]);
  expect(await leases.unowned(100)).toContainEqual({ userId: user.id, sessions: 1 });
  expect(await leases.sessionCount()).toBeGreaterThanOrEqual(1);
  await leases.leave('w1');
  await leases.leave('w2');
});

test('the paper ledger stores an account only under its group’s live lease held by this node', async () => {
  const leases = new LeaseStore(t.db);
  const lease = await leases.acquire(user.id, 'p1', 60_000);
  if (lease === null) throw new Error('the lease is held elsewhere');
  const fence = new PaperLeases('p1');
  fence.hold(['X1'], lease);
  const account = (externalId: string): PaperAccount => ({
    externalId,
    name: externalId,
    startingBalance: 50_000,
    realizedTotal: 0,
    realizedDay: 0,
    dayKey: '2026-11-24',
    positions: new Map(),
  });
  const batch: LedgerBatch = {
    accounts: [account('X1'), account('X2')],
    orders: [{ accountExternalId: 'X1' } as PaperOrder, { accountExternalId: 'X2' } as PaperOrder],
    fills: [
      {
        fillId: 'f1',
        orderId: 'o1',
        accountExternalId: 'X1',
        symbol: 'ESZ6',
        side: 'Buy',
        qty: 1,
        price: 1,
        time: 0,
      },
    ],
    markets: [],
  };
  const admitted = await t.db.tx((tx) => fence.admit(tx, batch));
  // X2 is held by no session of this node: nothing of it is stored.
  expect(admitted.accounts.map((a) => a.externalId)).toEqual(['X1']);
  expect(admitted.orders).toHaveLength(1);
  expect(admitted.fills).toHaveLength(1);
  // The lease is gone (handed back, or run out and taken): nothing is stored any more.
  await leases.release(lease, 'p1');
  const late = await t.db.tx((tx) => fence.admit(tx, batch));
  expect([late.accounts, late.orders, late.fills]).toEqual([[], [], []]);
  // Another node holding the group with the next token does not make p1's old token good again.
  const other = await leases.acquire(user.id, 'p2', 60_000);
  expect((await t.db.tx((tx) => fence.admit(tx, batch))).accounts).toEqual([]);
  if (other !== null) await leases.release(other, 'p2');
});

test('a paper write left idle by a paused node does not keep its group from being taken over', async () => {
  // PGlite has one connection: no other node could wait on the write's lock there.
  if (process.env.TEST_DB !== 'postgres') return;
  const leases = new LeaseStore(t.db);
  const lease = await leases.acquire(user.id, 'q1', 300);
  if (lease === null) throw new Error('the lease is held elsewhere');
  const fence = new PaperLeases('q1', 300);
  fence.hold(['Y1'], lease);
  let wake = (): void => undefined;
  const paused = new Promise<void>((resolve) => (wake = resolve));
  // The node locks its lease row for the write, then freezes before its next statement.
  const write = t.db
    .tx(async (tx) => {
      await fence.admit(tx, {
        accounts: [],
        orders: [{ accountExternalId: 'Y1' } as PaperOrder],
        fills: [],
        markets: [],
      });
      await paused;
      await tx.query('SELECT 1');
    })
    .then(
      () => 'committed',
      () => 'ended by the database',
    );
  // Another node takes the group once the lease ran out: the database ended the idle write and its lock.
  let taken: Awaited<ReturnType<LeaseStore['acquire']>> = null;
  await until(async () => (taken = await leases.acquire(user.id, 'q2', 60_000)) !== null);
  wake();
  expect(await write).toBe('ended by the database');
  if (taken !== null) await leases.release(taken, 'q2');
  // The pool goes on serving.
  expect(await t.db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
});
