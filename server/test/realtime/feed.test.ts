import { FEED_CLOSE, type FeedMessage, type WsTicketResponse } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { getTicket, listen, openFeed, waitForSockets } from '../support/feed-client';
import { registerUser } from '../support/users';

describe('the realtime feed', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { heartbeatSeconds: 1 } });
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const sample: FeedMessage = {
    type: 'quotes',
    quotes: [{ id: 1, symbol: 'ES', price: 5000, change: 0.1, dir: 'up' }],
  };

  it('when a ticket is asked, then it is short-lived and the token is not in it', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/ws-ticket',
      headers: user.headers,
    });
    const body = response.json() as WsTicketResponse;
    expect(body.expires_in).toBeLessThanOrEqual(60);
    expect(body.ticket).not.toContain(user.token);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/ws-ticket' })).statusCode).toBe(401);
  });

  it('when a socket opens with a valid ticket, then the snapshot provider runs and published messages arrive', async () => {
    const user = await registerUser(t.app);
    t.app.realtime.setSnapshotProvider(async (userId) => [
      { type: 'account_data', accounts: userId === user.id ? [] : [] },
    ]);
    const feed = openFeed(base, await getTicket(t.app, user.token));
    expect(await feed.next((m) => m.type === 'account_data')).toEqual({
      type: 'account_data',
      accounts: [],
      seq: 1,
    });
    t.app.realtime.publish(user.id, sample);
    expect(await feed.next((m) => m.type === 'quotes')).toEqual(sample);
    feed.socket.close();
    t.app.realtime.setSnapshotProvider(async () => []);
  });

  it('when a ticket is used twice, then the second socket closes with 4401', async () => {
    const user = await registerUser(t.app);
    const ticket = await getTicket(t.app, user.token);
    const first = openFeed(base, ticket);
    await waitForSockets(t.app, user.id);
    const second = openFeed(base, ticket);
    expect((await second.closed).code).toBe(FEED_CLOSE.invalidTicket);
    first.socket.close();
  });

  it('when the ticket is made up or missing, then the socket closes with 4401 and a reason', async () => {
    const forged = openFeed(base, 'forged-ticket');
    expect(await forged.closed).toEqual({
      code: FEED_CLOSE.invalidTicket,
      reason: 'Invalid or expired ticket',
    });
    const missing = openFeed(base, '');
    expect((await missing.closed).code).toBe(FEED_CLOSE.invalidTicket);
  });

  it('when the ticket has expired, then 4401', async () => {
    const user = await registerUser(t.app);
    const ticket = await getTicket(t.app, user.token);
    await t.db.query(`UPDATE ws_tickets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expect((await openFeed(base, ticket).closed).code).toBe(FEED_CLOSE.invalidTicket);
  });

  it('when messages are published for one user, then another user never receives them', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const aliceFeed = openFeed(base, await getTicket(t.app, alice.token));
    const bobFeed = openFeed(base, await getTicket(t.app, bob.token));
    await waitForSockets(t.app, alice.id);
    await waitForSockets(t.app, bob.id);
    t.app.realtime.publish(alice.id, sample);
    await aliceFeed.next((m) => m.type === 'quotes');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bobFeed.messages.filter((m) => m.type === 'quotes')).toEqual([]);
    aliceFeed.socket.close();
    bobFeed.socket.close();
  });

  it('when the user logs out, then the socket of that session closes with 4403 and a new ticket is refused', async () => {
    const user = await registerUser(t.app);
    const feed = openFeed(base, await getTicket(t.app, user.token));
    await waitForSockets(t.app, user.id);
    const ticket = await getTicket(t.app, user.token);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect((await feed.closed).code).toBe(FEED_CLOSE.revoked);
    expect((await openFeed(base, ticket).closed).code).toBe(FEED_CLOSE.invalidTicket);
  });

  it('when the password changes, then every socket of the user closes with 4403', async () => {
    const user = await registerUser(t.app);
    const feeds = [
      openFeed(base, await getTicket(t.app, user.token)),
      openFeed(base, await getTicket(t.app, user.token)),
    ];
    await waitForSockets(t.app, user.id, 2);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/password',
      headers: user.headers,
      payload: {
        current_password: user.password,
        new_password: 'N3w!Password',
        confirmPassword: 'N3w!Password',
      },
    });
    for (const feed of feeds) expect((await feed.closed).code).toBe(FEED_CLOSE.revoked);
  });

  it('when a socket stays open, then heartbeats arrive', async () => {
    const user = await registerUser(t.app);
    const feed = openFeed(base, await getTicket(t.app, user.token));
    const beat = await feed.next((m) => m.type === 'heartbeat', 3000);
    expect(beat).toEqual({ type: 'heartbeat', time: expect.any(String) });
    feed.socket.close();
  });

  it('when app.notify is called, then the notification is stored and pushed with the unread count', async () => {
    const user = await registerUser(t.app);
    const feed = openFeed(base, await getTicket(t.app, user.token));
    await waitForSockets(t.app, user.id);
    const stored = await t.app.notify(user.id, { kind: 'info', title: 'Hello', message: 'World' });
    const pushed = await feed.next((m) => m.type === 'notification');
    expect(pushed).toEqual({ type: 'notification', notification: stored, unread: 1 });
    feed.socket.close();
  });
});
