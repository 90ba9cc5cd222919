import type { FeedMessage, SyncAccount } from '@synctrade/api/types';
import type { WebSocket } from 'ws';
import { AccountStream } from '../../src/realtime/account-stream';
import { FeedClient, SLOW_CLIENT_BYTES } from '../../src/realtime/feed-client';
import type { ProvisionalSnapshot, SnapshotProvider } from '../../src/realtime/hub';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { getTicket, listen, openFeed, waitForSockets, type TestFeed } from '../support/feed-client';
import { registerUser } from '../support/users';

function account(id: number, qty = 0): SyncAccount {
  return {
    id,
    account_id: `ACC-${id}`,
    account_name: `Account ${id}`,
    connection: 1,
    connection_name: 'Paper',
    accounts: `Account ${id}`,
    broker_name: 'sim',
    side: qty === 0 ? 'flat' : 'long',
    balance: 50_000,
    avg_price: 0,
    day_pnl: 0,
    open_pnl: 0,
    qty,
    ratio: 1,
    cross: false,
    is_master: id === 1,
    is_follower: id !== 1,
    enabled: true,
    auto_sync: false,
    state: 'ok',
    state_reason: null,
    currency_symbol: '$',
  };
}

/** Opens a feed socket for the user and waits until it is attached and has its first account list. */
async function joinFeed(
  app: TestApp['app'],
  base: string,
  token: string,
  userId: number,
  count: number,
): Promise<TestFeed> {
  const feed = openFeed(base, await getTicket(app, token));
  await waitForSockets(app, userId, count);
  await feed.next((m) => m.type === 'account_data');
  return feed;
}

/**
 * A test app listening on a port, its feed's sockets starting from `provider` (and `provisional`), for the tests of
 * one describe block: `app()` once it runs; `join()` opens a socket and waits for its first list.
 */
function feedApp(
  provider: (app: TestApp['app']) => SnapshotProvider,
  provisional?: ProvisionalSnapshot,
): {
  app: () => TestApp['app'];
  join: (token: string, userId: number, count?: number) => Promise<TestFeed>;
} {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t.app);
    t.app.realtime.setSnapshotProvider(provider(t.app), provisional);
  });
  afterAll(async () => {
    t.app.realtime.setSnapshotProvider(async () => []);
    await t.close();
  });
  return {
    app: () => t.app,
    join: (token, userId, count = 1) => joinFeed(t.app, base, token, userId, count),
  };
}

/** Applies feed messages as a client must (in order, by seq) and answers the list it would show. */
function replay(messages: FeedMessage[]): { accounts: SyncAccount[]; seq: number } {
  let accounts: SyncAccount[] = [];
  let seq = -1;
  for (const message of messages) {
    if (message.type === 'account_data') {
      accounts = message.accounts;
      seq = message.seq ?? -1;
    } else if (message.type === 'account_delta') {
      if (message.seq !== seq + 1) throw new Error(`gap: ${seq} then ${message.seq}`);
      const changed = new Map(message.accounts.map((a) => [a.id, a]));
      accounts = accounts.map((a) => changed.get(a.id) ?? a);
      seq = message.seq;
    }
  }
  return { accounts, seq };
}

describe('the account stream (what changed since the last numbered message)', () => {
  it('when lists follow each other, then the first is full, changes are deltas and add/remove/reorder are full', () => {
    const stream = new AccountStream();
    expect(stream.update([account(1), account(2), account(3)])).toEqual({
      type: 'account_data',
      seq: 1,
      accounts: [account(1), account(2), account(3)],
    });
    expect(stream.update([account(1), account(2), account(3)])).toBeNull();
    expect(stream.update([account(1), account(2, 4), account(3)])).toEqual({
      type: 'account_delta',
      seq: 2,
      accounts: [account(2, 4)],
    });
    expect(stream.update([account(1), account(2, 4)])).toEqual({
      type: 'account_data',
      seq: 3,
      accounts: [account(1), account(2, 4)],
    });
    expect(stream.update([account(2, 4), account(1)])).toMatchObject({ type: 'account_data', seq: 4 });
    expect(stream.update([account(2, 4), account(1), account(9)])).toMatchObject({
      type: 'account_data',
      seq: 5,
    });
    expect(stream.full()).toEqual({
      type: 'account_data',
      seq: 5,
      accounts: [account(2, 4), account(1), account(9)],
    });
  });

  it('when an empty list comes first, then it is still sent (the desk shows "No accounts found")', () => {
    const stream = new AccountStream();
    expect(stream.update([])).toEqual({ type: 'account_data', seq: 1, accounts: [] });
    expect(stream.update([])).toBeNull();
  });
});

describe('a slow client and deltas', () => {
  it('when deltas pile up behind a slow socket, then they are dropped and the full numbered list goes once it drains', () => {
    const sent: FeedMessage[] = [];
    let buffered = 0;
    const socket = {
      OPEN: 1,
      readyState: 1,
      get bufferedAmount() {
        return buffered;
      },
      send: (data: string) => sent.push(JSON.parse(data) as FeedMessage),
    } as unknown as WebSocket;
    const stream = new AccountStream();
    const client = new FeedClient(socket, 1, 's', () => stream.full());
    client.send(stream.update([account(1), account(2)])!);
    buffered = SLOW_CLIENT_BYTES + 1;
    for (let qty = 1; qty <= 50; qty += 1) client.send(stream.update([account(1), account(2, qty)])!);
    buffered = 0;
    client.flush();
    expect(sent).toEqual([
      { type: 'account_data', seq: 1, accounts: [account(1), account(2)] },
      { type: 'account_data', seq: 51, accounts: [account(1), account(2, 50)] },
    ]);
  });
});

describe('the delta feed over a real socket', () => {
  const lists = new Map<number, SyncAccount[]>();
  const { app, join: open } = feedApp(() => async (userId) => [
    { type: 'account_data', accounts: lists.get(userId) ?? [] },
  ]);

  /** Publishes the list as the desk publisher does (it keeps the newest for the next snapshot). */
  const publish = (userId: number, accounts: SyncAccount[]): void => {
    lists.set(userId, accounts);
    app().realtime.publish(userId, { type: 'account_data', accounts });
  };

  it('when one account changes, then only that account is sent, numbered after the full list', async () => {
    const user = await registerUser(app());
    lists.set(user.id, [account(1), account(2), account(3)]);
    const feed = await open(user.token, user.id);
    expect(feed.messages.find((m) => m.type === 'account_data')).toEqual({
      type: 'account_data',
      seq: 1,
      accounts: [account(1), account(2), account(3)],
    });
    publish(user.id, [account(1), account(2, 3), account(3)]);
    expect(await feed.next((m) => m.type === 'account_delta')).toEqual({
      type: 'account_delta',
      seq: 2,
      accounts: [account(2, 3)],
    });
    feed.socket.close();
  });

  it('when the client asks to resync, then it gets the full list under the current number', async () => {
    const user = await registerUser(app());
    lists.set(user.id, [account(1), account(2)]);
    const feed = await open(user.token, user.id);
    publish(user.id, [account(1, 1), account(2)]);
    publish(user.id, [account(1, 2), account(2)]);
    await feed.next((m) => m.type === 'account_delta' && m.seq === 3);
    feed.socket.send(JSON.stringify({ type: 'resync' }));
    expect(await feed.next((m) => m.type === 'account_data' && m.seq === 3)).toEqual({
      type: 'account_data',
      seq: 3,
      accounts: [account(1, 2), account(2)],
    });
    feed.socket.send('not json');
    feed.socket.send(JSON.stringify({ type: 'something else' }));
    publish(user.id, [account(1, 3), account(2)]);
    // Nothing answered the junk: the next message is the delta numbered 4.
    const after = await feed.next((m) => m.type === 'account_delta' && m.seq === 4);
    expect(feed.messages.slice(feed.messages.indexOf(after) - 1)).toEqual([
      { type: 'account_data', seq: 3, accounts: [account(1, 2), account(2)] },
      { type: 'account_delta', seq: 4, accounts: [account(1, 3)] },
    ]);
    feed.socket.close();
  });

  it('when a second tab joins and the socket reconnects, then each starts from the full list and deltas stay in sequence', async () => {
    const user = await registerUser(app());
    lists.set(user.id, [account(1), account(2)]);
    const first = await open(user.token, user.id);
    publish(user.id, [account(1, 1), account(2)]);
    await first.next((m) => m.type === 'account_delta' && m.seq === 2);
    // A newer list than the stream holds arrives with the second socket's snapshot.
    lists.set(user.id, [account(1, 1), account(2, 5)]);
    const second = await open(user.token, user.id, 2);
    expect(second.messages[0]).toEqual({
      type: 'account_data',
      seq: 3,
      accounts: [account(1, 1), account(2, 5)],
    });
    publish(user.id, [account(1, 1), account(2, 6)]);
    await first.next((m) => m.type === 'account_delta' && m.seq === 4);
    await second.next((m) => m.type === 'account_delta' && m.seq === 4);
    expect(replay(first.messages)).toEqual({ seq: 4, accounts: [account(1, 1), account(2, 6)] });
    expect(replay(second.messages)).toEqual({ seq: 4, accounts: [account(1, 1), account(2, 6)] });

    first.socket.close();
    second.socket.close();
    await first.closed;
    await second.closed;
    while (app().realtime.socketCount(user.id) > 0) await new Promise((r) => setTimeout(r, 10));
    publish(user.id, [account(1, 1), account(2, 7)]);
    const again = await open(user.token, user.id);
    expect(again.messages[0]).toEqual({
      type: 'account_data',
      seq: 1,
      accounts: [account(1, 1), account(2, 7)],
    });
    again.socket.close();
  });

  it('when accounts are published for one user, then another user receives neither deltas nor lists', async () => {
    const alice = await registerUser(app());
    const bob = await registerUser(app());
    lists.set(alice.id, [account(1)]);
    lists.set(bob.id, [account(50)]);
    const aliceFeed = await open(alice.token, alice.id);
    const bobFeed = await open(bob.token, bob.id);
    publish(alice.id, [account(1, 9)]);
    await aliceFeed.next((m) => m.type === 'account_delta');
    publish(bob.id, [account(50, 2)]);
    await bobFeed.next((m) => m.type === 'account_delta');
    expect(JSON.stringify(bobFeed.messages)).not.toContain('ACC-1"');
    expect(JSON.stringify(aliceFeed.messages)).not.toContain('ACC-50');
    aliceFeed.socket.close();
    bobFeed.socket.close();
  });
});

describe('a socket joining while its list changes', () => {
  /** The list as the owner holds it now (what a snapshot made now reads). */
  const current = new Map<number, SyncAccount[]>();
  /** Per user: how many of the next snapshots were overtaken by a newer list published while they were made. */
  const overtaken = new Map<number, number>();
  let asked = 0;
  // As a cluster node asking the group's owner: the answer is made, then a change is published (and reaches the
  // node first) before the answer is read here.
  const { app, join } = feedApp((served) => async (userId) => {
    asked += 1;
    const answer = current.get(userId) ?? [];
    const left = overtaken.get(userId) ?? 0;
    if (left > 0) {
      overtaken.set(userId, left - 1);
      const newer = answer.map((a) => ({ ...a, qty: a.qty + 1, side: 'long' as const }));
      current.set(userId, newer);
      served.realtime.publish(userId, { type: 'account_data', accounts: newer });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    return [{ type: 'account_data', accounts: answer }];
  });

  it('when a newer list is published while the snapshot is made, then the socket is not left on the older one', async () => {
    const user = await registerUser(app());
    current.set(user.id, [account(1), account(2, 3)]);
    overtaken.set(user.id, 1);
    asked = 0;
    const feed = await join(user.token, user.id);
    expect(asked).toBe(2);
    expect(replay(feed.messages).accounts).toEqual([account(1, 1), account(2, 4)]);
    // Later changes follow in sequence from there.
    app().realtime.publish(user.id, { type: 'account_data', accounts: [account(1, 1), account(2, 5)] });
    await feed.next((m) => m.type === 'account_delta');
    expect(replay(feed.messages).accounts).toEqual([account(1, 1), account(2, 5)]);
    feed.socket.close();
  });

  it('when every snapshot is overtaken, then the socket starts from the newest list published', async () => {
    const user = await registerUser(app());
    current.set(user.id, [account(1)]);
    overtaken.set(user.id, 10);
    asked = 0;
    const feed = await join(user.token, user.id);
    expect(asked).toBe(3);
    expect(replay(feed.messages).accounts).toEqual([account(1, 3)]);
    feed.socket.close();
  });

  it('when another tab of the user is open, then it is not moved back to the older list either', async () => {
    const user = await registerUser(app());
    current.set(user.id, [account(1, 2)]);
    const first = await join(user.token, user.id);
    overtaken.set(user.id, 1);
    const second = await join(user.token, user.id, 2);
    expect(replay(second.messages).accounts).toEqual([account(1, 3)]);
    app().realtime.publish(user.id, { type: 'account_data', accounts: [account(1, 4)] });
    await first.next((m) => m.type === 'account_delta' && m.accounts[0]?.qty === 4);
    await second.next((m) => m.type === 'account_delta' && m.accounts[0]?.qty === 4);
    // Every list the first tab held, in order: never back to an older one.
    const lists = first.messages.filter((m) => m.type === 'account_data' || m.type === 'account_delta');
    const held = lists.map((_, i) => replay(lists.slice(0, i + 1)).accounts[0]?.qty);
    expect(held).toEqual([2, 3, 4]);
    expect(replay(second.messages).accounts).toEqual([account(1, 4)]);
    first.socket.close();
    second.socket.close();
  });
});

describe('a socket joining while the live state does not answer', () => {
  /** Per user: the next answers of the live state, in order (null: no answer in time); then `live`. */
  const answers = new Map<number, Array<SyncAccount[] | null>>();
  const live = new Map<number, SyncAccount[] | null>();
  /** The list this node makes without the live state: every position flat. */
  const provisional = (userId: number): SyncAccount[] =>
    (live.get(userId) ?? []).map((a) => ({ ...a, qty: 0, side: 'flat' as const }));
  const { app, join } = feedApp(
    () => async (userId) => {
      const queued = answers.get(userId) ?? [];
      const answer = queued.length > 0 ? queued.shift() : live.get(userId);
      return answer === null || answer === undefined ? null : [{ type: 'account_data', accounts: answer }];
    },
    async (userId) => [{ type: 'account_data', accounts: provisional(userId) }],
  );

  it('when another socket of the user holds the live list, then the new one starts from it and neither shows the provisional one', async () => {
    const user = await registerUser(app());
    live.set(user.id, [account(1, 2), account(2, 4)]);
    const first = await join(user.token, user.id);
    answers.set(user.id, [null]);
    const second = await join(user.token, user.id, 2);
    expect(second.messages[0]).toEqual({
      type: 'account_data',
      seq: 1,
      accounts: [account(1, 2), account(2, 4)],
    });
    app().realtime.publish(user.id, { type: 'account_data', accounts: [account(1, 3), account(2, 4)] });
    await first.next((m) => m.type === 'account_delta');
    await second.next((m) => m.type === 'account_delta');
    for (const feed of [first, second]) {
      expect(JSON.stringify(feed.messages)).not.toContain('"flat"');
      expect(replay(feed.messages).accounts).toEqual([account(1, 3), account(2, 4)]);
    }
    first.socket.close();
    second.socket.close();
  });

  it('when no list was relayed here, then the socket shows the provisional list unnumbered and the first live list in full', async () => {
    const user = await registerUser(app());
    live.set(user.id, [account(1, 2), account(2, 4)]);
    // No answer now nor when asked again: the socket keeps the provisional list until a list is published.
    answers.set(
      user.id,
      Array.from({ length: 20 }, () => null),
    );
    const feed = await join(user.token, user.id);
    expect(feed.messages[0]).toEqual({
      type: 'account_data',
      accounts: [account(1, 0), account(2, 0)],
    });
    app().realtime.publish(user.id, { type: 'account_data', accounts: [account(1, 2), account(2, 4)] });
    const next = await feed.next((m) => m !== feed.messages[0] && m.type !== 'heartbeat');
    expect(next).toEqual({ type: 'account_data', seq: 1, accounts: [account(1, 2), account(2, 4)] });
    // A second socket now starts from that list, and the provisional one reached no other socket.
    const second = await join(user.token, user.id, 2);
    expect(second.messages[0]).toEqual(next);
    feed.socket.close();
    second.socket.close();
  });

  it('when the live state answers a later ask, then the socket moves to it with nothing published', async () => {
    const user = await registerUser(app());
    live.set(user.id, [account(1, 7)]);
    answers.set(user.id, [null, null]);
    const feed = await join(user.token, user.id);
    expect(feed.messages[0]).toEqual({ type: 'account_data', accounts: [account(1, 0)] });
    const answered = await feed.next((m) => m.type === 'account_data' && m.seq !== undefined, 10_000);
    expect(answered).toEqual({ type: 'account_data', seq: 1, accounts: [account(1, 7)] });
    feed.socket.close();
  });
});
