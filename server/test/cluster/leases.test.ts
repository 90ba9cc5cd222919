import { PathPriceModel, PricePath } from '../../src/brokers/sim/price-path';
import { START_PRICE } from '../../src/brokers/sim/price-model';
import { LeaseKeeper } from '../../src/cluster/lease-keeper';
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
  await Promise.all([stale.close(), owner.close(), none.close()]);

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
