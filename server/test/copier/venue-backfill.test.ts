import type { BrokerOrder } from '../../src/brokers/types';
import {
  addMissingVenueRows,
  type VenueAccount,
  type VenueHistory,
} from '../../src/copier/store/venue-backfill';
import type { TestApp } from '../support/build-test-app';
import { openPaperDesk } from './support/paper-desk';

let t: TestApp;
let accounts: VenueAccount[];

beforeAll(async () => {
  const desk = await openPaperDesk('Backfill');
  t = desk.t;
  accounts = await t.db.query<VenueAccount>(
    'SELECT id, user_id, external_id, is_master FROM broker_accounts WHERE user_id = $1 ORDER BY id',
    [desk.user.id],
  );
});
afterAll(async () => t.close());

const NOW = Date.parse('2026-03-02T15:00:00Z');

function order(
  id: string,
  account: VenueAccount,
  status: BrokerOrder['status'],
  time = NOW - 60_000,
): BrokerOrder {
  return {
    orderId: id,
    clientOrderId: null,
    accountExternalId: account.external_id,
    symbol: 'ESZ6',
    side: 'buy',
    qty: 2,
    filledQty: 0,
    type: 'Limit',
    price: 5000.25,
    stopPrice: null,
    status,
    reason: null,
    parentOrderId: null,
    time,
  };
}

async function rowsOf(prefix: string): Promise<Array<Record<string, unknown>>> {
  return t.db.query(
    `SELECT account_id, role, broker_order_id, status, qty, price, created_at FROM copy_orders
     WHERE broker_order_id LIKE $1 ORDER BY broker_order_id, account_id`,
    [`${prefix}%`],
  );
}

describe('order rows added from a venue history at start-up', () => {
  it('when a venue holds orders and fills the lists lack, then they are added once: leader rows on the leader, manual ones elsewhere, in the words of the orders list', async () => {
    // The venue's history names the leader: the first account leads, the others do not.
    const [leader, other] = [accounts[0]!, accounts[1]!];
    const history: VenueHistory = {
      accounts: accounts.map((account) => ({ ...account, is_master: account === leader })),
      orders: [
        order('vb-1', leader, 'Filled'),
        order('vb-2', other, 'PendingNew'),
        order('vb-3', other, 'Working', NOW - 1_000),
      ],
      fills: [
        {
          fillId: 'vbf-1',
          orderId: 'vb-1',
          accountExternalId: leader.external_id,
          symbol: 'ESZ6',
          side: 'buy',
          qty: 2,
          price: 5000.25,
          time: NOW - 59_000,
        },
      ],
    };
    const since: number[] = [];
    const read = async (_tx: unknown, sinceMs: number): Promise<VenueHistory> => {
      since.push(sinceMs);
      return history;
    };

    await addMissingVenueRows(t.db, read, NOW);
    await addMissingVenueRows(t.db, read, NOW);

    expect(since).toEqual([NOW - 48 * 3_600_000, NOW - 48 * 3_600_000]);
    expect(await rowsOf('vb-')).toEqual([
      {
        account_id: leader.id,
        role: 'leader',
        broker_order_id: 'vb-1',
        status: 'Success',
        qty: 2,
        price: 5000.25,
        created_at: new Date(NOW - 60_000),
      },
      {
        account_id: other.id,
        role: 'manual',
        broker_order_id: 'vb-2',
        status: 'Pending New',
        qty: 2,
        price: 5000.25,
        created_at: new Date(NOW - 60_000),
      },
      {
        account_id: other.id,
        role: 'manual',
        broker_order_id: 'vb-3',
        status: 'Working',
        qty: 2,
        price: 5000.25,
        created_at: new Date(NOW - 1_000),
      },
    ]);
    expect(
      await t.db.query(
        'SELECT account_id, broker_order_id, qty, price, filled_at FROM copy_fills WHERE fill_id = $1',
        ['vbf-1'],
      ),
    ).toEqual([
      {
        account_id: leader.id,
        broker_order_id: 'vb-1',
        qty: 2,
        price: 5000.25,
        filled_at: new Date(NOW - 59_000),
      },
    ]);
  });

  it('when the lists hold a row already, then it is left as it is', async () => {
    const account = accounts[0]!;
    const history: VenueHistory = { accounts, orders: [order('vk-1', account, 'Filled')], fills: [] };
    await addMissingVenueRows(
      t.db,
      async () => ({ ...history, orders: [order('vk-1', account, 'Working')] }),
      NOW,
    );
    await addMissingVenueRows(t.db, async () => history, NOW);
    expect((await rowsOf('vk-')).map((row) => row.status)).toEqual(['Working']);
  });
});
