import type { FeedMessage, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { getTicket, listen, openFeed } from '../support/feed-client';
import type { TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

type Update = Extract<FeedMessage, { type: 'account_data' | 'account_delta' }>;
const isUpdate = (message: FeedMessage): message is Update =>
  message.type === 'account_data' || message.type === 'account_delta';

describe("the desk tells a follower waits on its broker login's request limit", () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  beforeAll(async () => {
    // One request a minute for the paper login: the first copy goes, the others wait.
    ({ t, user, rows } = await openPaperDesk('Limited paper', 1));
  });
  afterAll(async () => t.close());

  it('when three followers on one login at one request a minute copy a leader order, then the waiting ones show rate_limited with their throttle and the pace warning, in the REST answer and on the live feed', async () => {
    const [leader, ...followers] = rows.map((r) => r.id) as [number, number, number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    for (const id of followers) await call(t.app, user, 'PUT', `/copier/accounts/${id}/follower`);
    const feed = openFeed(await listen(t.app), await getTicket(t.app, user.token));
    await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    const desk = await waitForDesk(
      t.app,
      user,
      (list) =>
        list.filter((r) => r.state === 'rate_limited').length === 2 &&
        list.some((r) => followers.includes(r.id) && r.state === 'ok' && r.qty === 1),
    );
    const waiting = desk.filter((r) => r.state === 'rate_limited');
    const warning =
      "3 followers on this paper login need 3 requests per leader order; at the leader's pace of 1 order a minute that is 3 requests a minute against a limit of 1";
    for (const row of waiting) {
      expect(row.state_reason).toContain('converging to leader × ratio');
      expect(row.throttle).toMatchObject({ queued: 1, target_qty: 1, position: 0, limit_per_minute: 1 });
      expect(Date.parse(row.throttle?.next_send_at ?? '')).toBeGreaterThan(Date.now());
      expect(row.pace_warning).toBe(warning);
    }
    const served = desk.find((r) => followers.includes(r.id) && r.state === 'ok');
    expect([served?.qty, served?.throttle ?? null, served?.pace_warning]).toEqual([1, null, warning]);
    expect(desk.find((r) => r.id === leader)?.pace_warning).toBeNull();
    const live = await feed.next(
      (m) =>
        isUpdate(m) && waiting.every((w) => m.accounts.find((a) => a.id === w.id)?.throttle?.queued === 1),
    );
    expect(isUpdate(live) && live.accounts.find((a) => a.id === waiting[0]?.id)?.pace_warning).toBe(warning);
    feed.socket.close();
  });
});
