import type { FeedMessage, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { getTicket, listen, openFeed } from '../support/feed-client';
import type { TestUser } from '../support/users';
import { call } from './support/http';
import { openPaperDesk } from './support/paper-desk';

type AccountData = Extract<FeedMessage, { type: 'account_data' }>;
const accountData = (message: FeedMessage): message is AccountData => message.type === 'account_data';
/** A full list or, after it, a delta with only the accounts that changed. */
const accountUpdate = (
  message: FeedMessage,
): message is AccountData | Extract<FeedMessage, { type: 'account_delta' }> =>
  message.type === 'account_data' || message.type === 'account_delta';

describe('account feed from the copy engine', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Feed paper'));
  });
  afterAll(async () => t.close());

  it('when a socket connects and a copied trade moves positions, then it gets the accounts at once and again with the new quantities', async () => {
    const [leader, follower] = rows.map((r) => r.id) as [number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    await call(t.app, user, 'PUT', `/copier/accounts/${follower}/follower`);
    await call(t.app, user, 'PUT', `/copier/accounts/${follower}/ratio`, { ratio: 3 });
    const feed = openFeed(await listen(t.app), await getTicket(t.app, user.token));
    try {
      const first = await feed.next(accountData);
      expect(accountData(first) && first.accounts.map((a) => a.id)).toEqual(rows.map((r) => r.id));
      await call(t.app, user, 'POST', '/sim/orders', {
        account_id: leader,
        contract: 'GC',
        side: 'buy',
        qty: 1,
        order_type: 'Market',
      });
      const moved = await feed.next(
        (m) => accountUpdate(m) && m.accounts.find((a) => a.id === follower)?.qty === 3,
      );
      const row = accountUpdate(moved) ? moved.accounts.find((a) => a.id === follower) : undefined;
      expect(row).toMatchObject({ side: 'long', qty: 3, is_follower: true, ratio: 3, state: 'ok' });
    } finally {
      feed.socket.close();
      await feed.closed;
    }
  });
});
