import type { Placement } from '../../src/placement/placement';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call } from '../copier/support/http';
import { openPaperDesk } from '../copier/support/paper-desk';

/**
 * An order ticket that reaches a node whose venue does not hold the group's paper accounts (a request forwarded
 * to the old owner just as the group moved away, or to a new owner that has not opened the group yet) must be
 * refused for a retry, never booked there: the node would make fresh accounts and store them over the ledger,
 * and the owner's engine would never copy the trade.
 */
let t: TestApp;
let user: TestUser;
let accountId: number;
let externalId: string;
let placement: Placement;

beforeAll(async () => {
  const desk = await openPaperDesk('Ticket on a node without the group');
  ({ t, user } = desk);
  accountId = desk.rows[0]?.id ?? 0;
  const [row] = await t.app.db.query<{ external_id: string }>(
    'SELECT external_id FROM broker_accounts WHERE id = $1',
    [accountId],
  );
  externalId = row?.external_id ?? '';
  placement = t.app.placement;
});
afterAll(async () => {
  t.app.placement = placement;
  await t.close();
});

const ticket = (side: 'buy' | 'sell', qty: number): ReturnType<typeof call> =>
  call(t.app, user, 'POST', '/sim/orders', {
    account_id: accountId,
    contract: 'ES',
    side,
    qty,
    order_type: 'Market',
  });

async function storedPosition(): Promise<number> {
  // One node stores each batch in the journal first: moved into the tables, as the venue does in a pause.
  await t.app.paperVenue.settled();
  const rows = await t.app.db.query<{ net_pos: number }>(
    'SELECT net_pos FROM sim_positions WHERE external_id = $1',
    [externalId],
  );
  return rows.reduce((sum, r) => sum + Number(r.net_pos), 0);
}

test('a node that does not hold the group refuses the ticket and leaves the stored ledger alone', async () => {
  expect((await ticket('buy', 2)).status).toBe(200);
  expect(await storedPosition()).toBe(2);

  // This node handed the group over: its venue let the accounts go, and it serves the group's paper no more.
  t.app.paperVenue.evict([externalId]);
  const servedAsked: number[] = [];
  (t.app as unknown as { placement: Pick<Placement, 'servesPaper'> }).placement = {
    servesPaper: (userId: number) => {
      servedAsked.push(userId);
      return false;
    },
  };
  const refused = await ticket('sell', 3);
  expect(refused.status).toBe(503);
  expect(servedAsked).toContain(user.id);
  expect(await storedPosition()).toBe(2);
});
