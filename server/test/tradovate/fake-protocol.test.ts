import WebSocket from 'ws';
import { startFakeTradovate, type FakeTradovate } from '../../fakes/tradovate/server';

/** A raw socket client, to check the fake speaks Tradovate's framing by itself (no adapter involved). */
class RawClient {
  readonly frames: string[] = [];
  readonly ws: WebSocket;
  closed = false;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => this.frames.push(String(data)));
    this.ws.on('close', () => (this.closed = true));
  }

  async next(match: (frame: string) => boolean, timeoutMs = 3_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  messages(): unknown[] {
    return this.frames.filter((f) => f.startsWith('a')).flatMap((f) => JSON.parse(f.slice(1)) as unknown[]);
  }
}

describe('fake Tradovate socket protocol', () => {
  let fake: FakeTradovate;
  let user: { userId: number; accounts: Array<{ id: number }> };
  beforeEach(async () => {
    fake = await startFakeTradovate({ heartbeatMs: 150 });
    user = fake.control.addUser('Raw Trader', [{ name: 'RAW-1' }]);
    fake.control.setPrice('MESZ6', 6000);
  });
  afterEach(() => fake.close());

  it('when a client connects and authorizes, then it gets o, an answer echoing id 0, and h heartbeats while idle', async () => {
    const client = new RawClient(fake.wsUrl);
    expect(await client.next((f) => f === 'o')).toBe('o');
    client.ws.send(`authorize\n0\n\n${fake.control.issueToken(user.userId).accessToken}`);
    // The client keeps its own side alive as real clients do (`[]`), so a late timer on a busy machine cannot
    // close it as silent before the fake's heartbeat is due.
    const beating = setInterval(() => client.ws.send('[]'), 50);
    try {
      await client.next((f) => f === 'a[{"i":0,"s":200}]');
      await client.next((f) => f === 'h');
    } finally {
      clearInterval(beating);
    }
    client.ws.close();
  });

  it('when the token is wrong, then authorize answers 401 and requests are refused', async () => {
    const client = new RawClient(fake.wsUrl);
    await client.next((f) => f === 'o');
    client.ws.send('authorize\n0\n\nnot-a-token');
    client.ws.send('account/list\n1\n\n');
    await client.next((f) => f.includes('"i":1'));
    expect(client.messages()).toEqual([
      { i: 0, s: 401, d: 'Access is denied' },
      { i: 1, s: 401, d: 'Not authorized' },
    ]);
    client.ws.close();
  });

  it('when a client stays silent for three heartbeat intervals, then the fake closes it with a c frame', async () => {
    const client = new RawClient(fake.wsUrl);
    await client.next((f) => f === 'o');
    await client.next((f) => f.startsWith('c['), 2_000);
    expect(client.frames.find((f) => f.startsWith('c['))).toBe('c[1008,"Heartbeat timeout"]');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.closed).toBe(true);
  });

  it('when a synced client sees a market fill, then REST answers echo ids and props arrive batched in the documented order', async () => {
    const client = new RawClient(fake.wsUrl);
    await client.next((f) => f === 'o');
    const beat = setInterval(() => client.ws.send('[]'), 100);
    try {
      client.ws.send(`authorize\n0\n\n${fake.control.issueToken(user.userId).accessToken}`);
      // The guide: entityTypes lists what the snapshot (and the events after it) carry; without it, none.
      const entityTypes = [
        'user',
        'account',
        'cashBalance',
        'position',
        'order',
        'orderVersion',
        'fill',
        'executionReport',
        'contract',
        'command',
        'commandReport',
      ];
      client.ws.send(`user/syncrequest\n1\n\n${JSON.stringify({ entityTypes })}`);
      client.ws.send('account/list\n2\n\n');
      await client.next((f) => f.includes('"i":2'));
      const [, snapshot, accounts] = client.messages() as Array<{
        i: number;
        s: number;
        d: Record<string, unknown> & unknown[];
      }>;
      expect(snapshot?.i).toBe(1);
      expect(Object.keys(snapshot?.d ?? {})).toEqual(
        expect.arrayContaining([
          'users',
          'accounts',
          'cashBalances',
          'positions',
          'orders',
          'orderVersions',
          'fills',
          'executionReports',
          'contracts',
        ]),
      );
      expect(accounts).toMatchObject({ i: 2, s: 200, d: [{ id: user.accounts[0]?.id, name: 'RAW-1' }] });
      const framesBefore = client.frames.length;
      fake.control.placeHumanOrder({
        accountId: user.accounts[0]?.id ?? 0,
        symbol: 'MESZ6',
        action: 'Buy',
        qty: 1,
      });
      await client.next((f) => f.includes('"cashBalance"'));
      const eventFrames = client.frames.slice(framesBefore).filter((f) => f.startsWith('a'));
      expect(eventFrames).toHaveLength(1);
      const events = (
        JSON.parse(eventFrames[0]?.slice(1) ?? '[]') as Array<{
          e: string;
          d: { entityType: string; eventType: string; entity: { ordStatus?: string; execType?: string } };
        }>
      ).map(
        (m) =>
          `${m.d.entityType} ${m.d.eventType}${m.d.entity.ordStatus && m.d.entityType === 'order' ? ` ${m.d.entity.ordStatus}` : ''}${m.d.entity.execType ? ` ${m.d.entity.execType}` : ''}`,
      );
      expect(events).toEqual([
        'order Created PendingNew',
        'command Created',
        'commandReport Created',
        'orderVersion Created',
        'executionReport Created New',
        'order Updated Working',
        'executionReport Created Trade',
        'fill Created',
        'order Updated Filled',
        'position Created',
        'cashBalance Updated',
      ]);
    } finally {
      clearInterval(beat);
      client.ws.close();
    }
  });

  it('when the sync request lists entityTypes, then the answer and the props after it hold only those types; an empty list gives nothing; splitResponses answers in parts', async () => {
    const token = fake.control.issueToken(user.userId).accessToken;
    fake.control.placeHumanOrder({
      accountId: user.accounts[0]?.id ?? 0,
      symbol: 'MESZ6',
      action: 'Buy',
      qty: 1,
    });
    const sync = async (body: Record<string, unknown>): Promise<{ client: RawClient; answer: unknown }> => {
      const client = new RawClient(fake.wsUrl);
      await client.next((f) => f === 'o');
      client.ws.send(`authorize\n0\n\n${token}`);
      client.ws.send(`user/syncrequest\n1\n\n${JSON.stringify(body)}`);
      await client.next((f) => f.includes('"i":1'));
      const answer = (client.messages() as Array<{ i?: number; d?: unknown }>).find((m) => m.i === 1)?.d;
      return { client, answer };
    };
    const empty = await sync({ splitResponses: false, entityTypes: [] });
    expect(empty.answer).toEqual({});
    const some = await sync({ splitResponses: false, entityTypes: ['order', 'command'] });
    expect(Object.keys(some.answer as object).sort()).toEqual(['commands', 'orders']);
    const split = await sync({ splitResponses: true, entityTypes: ['account', 'position'] });
    expect(split.answer).toEqual([
      { accounts: [expect.objectContaining({ name: 'RAW-1' })] },
      { positions: [expect.objectContaining({ netPos: 1 })] },
    ]);
    const beat = setInterval(() => {
      for (const { client } of [empty, some, split]) client.ws.send('[]');
    }, 100);
    try {
      fake.control.placeHumanOrder({
        accountId: user.accounts[0]?.id ?? 0,
        symbol: 'MESZ6',
        action: 'Sell',
        qty: 1,
      });
      await split.client.next((f) => f.includes('"position"'));
      await some.client.next((f) => f.includes('"entityType":"order"'));
      const typesOf = (client: RawClient): string[] => [
        ...new Set(
          (client.messages() as Array<{ e?: string; d?: { entityType?: string } }>)
            .filter((m) => m.e === 'props')
            .map((m) => m.d?.entityType ?? ''),
        ),
      ];
      expect(typesOf(split.client).sort()).toEqual(['position']);
      expect(typesOf(some.client).sort()).toEqual(['command', 'order']);
      expect(typesOf(empty.client)).toEqual([]);
    } finally {
      clearInterval(beat);
      for (const { client } of [empty, some, split]) client.ws.close();
    }
  });
});
