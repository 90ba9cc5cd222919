import { leaseWriteFence } from '../../src/cluster/fencing';
import { LeaseStore } from '../../src/cluster/lease-store';
import { BatchWriter, type FillRecord, type OrderRow } from '../../src/copier/store/batch-writer';
import { SqlCopyStore } from '../../src/copier/store/sql-store';
import { FencedRowsError, type WriteFence } from '../../src/copier/store/store-fence';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { openPaperDesk } from '../copier/support/paper-desk';

let t: TestApp;
let user: TestUser;
let leaderId: number;
let followerId: number;

beforeAll(async () => {
  const desk = await openPaperDesk('WriteFence');
  ({ t, user } = desk);
  leaderId = desk.rows[0]?.id ?? 0;
  followerId = desk.rows[1]?.id ?? 0;
});
afterAll(async () => t.close());

const leaderOrder = (status: string): OrderRow => ({
  user_id: user.id,
  account_id: leaderId,
  role: 'leader',
  broker_order_id: 'wf-leader-1',
  symbol: 'ESZ6',
  order_type: 'Market',
  side: 'buy',
  qty: 1,
  price: null,
  stop_price: null,
  status,
  reason: null,
  created_ms: Date.now(),
});

const fill = (fillId: string): FillRecord => ({
  user_id: user.id,
  account_id: followerId,
  fill_id: fillId,
  broker_order_id: 'wf-copy-1',
  symbol: 'ESZ6',
  side: 'buy',
  qty: 1,
  price: 6000,
  filled_ms: Date.now(),
});

const copyPatch = (status: string) => ({
  client_order_id: 'st.wf-event.copy',
  status,
  broker_order_id: 'wf-copy-1',
  reason: null,
  price: 6000,
  qty: 1,
  sent_ms: null,
  ack_ms: null,
});

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const fenceOf = (nodeId: string, token: number): WriteFence => leaseWriteFence(nodeId, () => token);

test('rows written behind by a node that lost the group are refused by the database; the new owner’s rows stay', async () => {
  const leases = new LeaseStore(t.db);
  expect(await leases.acquire(user.id, 'x', 300)).toEqual({ userId: user.id, token: 1 });
  // x stops renewing (paused): once its lease runs out in the database, y takes the group over.
  await until(async () => (await leases.acquire(user.id, 'y', 60_000)) !== null);

  // y claims a copy and records what the broker said about it and about the leader's order.
  const owner = new SqlCopyStore(
    t.db,
    () => undefined,
    undefined,
    { leaseOf: () => ({ nodeId: 'y', token: 2 }) },
    fenceOf('y', 2),
  );
  const claim = await owner.claim({
    eventKey: 'wf-event',
    userId: user.id,
    intents: [
      {
        clientOrderId: 'st.wf-event.copy',
        eventKey: 'wf-event',
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
  expect(claim.fresh).toBe(true);
  const ownerErrors: unknown[] = [];
  const ownerWriter = new BatchWriter(t.db, (error) => ownerErrors.push(error), null, fenceOf('y', 2));
  ownerWriter.upsertOrder(leaderOrder('Filled'));
  ownerWriter.patchCopy(copyPatch('Filled'));
  ownerWriter.addFill(fill('wf-fill-owner'));
  await ownerWriter.flush();
  expect(ownerErrors).toEqual([]);

  // x wakes up and writes what it had queued under token 1: every row is refused and reported.
  const staleErrors: unknown[] = [];
  const staleWriter = new BatchWriter(t.db, (error) => staleErrors.push(error), null, fenceOf('x', 1));
  staleWriter.upsertOrder(leaderOrder('Working'));
  staleWriter.patchCopy(copyPatch('Rejected'));
  staleWriter.addFill(fill('wf-fill-stale'));
  staleWriter.addSkip({
    user_id: user.id,
    event_key: 'wf-stale-skip',
    account_id: followerId,
    symbol: 'ESZ6',
    order_type: 'Market',
    side: 'buy',
    qty: 1,
    price: null,
    status: 'Skipped',
    reason: 'stale',
  });
  await staleWriter.flush();
  expect(staleErrors).toHaveLength(1);
  expect(staleErrors[0]).toBeInstanceOf(FencedRowsError);
  expect((staleErrors[0] as FencedRowsError).refused).toBe(4);

  const orders = await t.db.query<{
    broker_order_id: string | null;
    status: string;
    event_key: string | null;
  }>(`SELECT broker_order_id, status, event_key FROM copy_orders WHERE user_id = $1 ORDER BY id`, [user.id]);
  expect(orders.map((row) => [row.broker_order_id, row.status, row.event_key])).toEqual([
    ['wf-copy-1', 'Filled', 'wf-event'],
    ['wf-leader-1', 'Filled', null],
  ]);
  const fills = await t.db.query<{ fill_id: string }>(
    `SELECT fill_id FROM copy_fills WHERE user_id = $1 ORDER BY fill_id`,
    [user.id],
  );
  expect(fills.map((row) => row.fill_id)).toEqual(['wf-fill-owner']);
});

test('a node without a lease on the group stores none of its rows', async () => {
  const errors: unknown[] = [];
  const writer = new BatchWriter(
    t.db,
    (error) => errors.push(error),
    null,
    leaseWriteFence('z', () => null),
  );
  writer.addFill(fill('wf-fill-none'));
  await writer.flush();
  expect((errors[0] as FencedRowsError).refused).toBe(1);
  expect(await t.db.query(`SELECT 1 FROM copy_fills WHERE fill_id = 'wf-fill-none'`)).toHaveLength(0);
});
