import WebSocket from 'ws';
import { startFakeTradovate, type FakeTradovate } from '../../fakes/tradovate/server';

/**
 * Request sequences of Tradovate's public clients, written from their documented requests, replayed against
 * the fake: it must answer them as Tradovate documents, whichever of the clients' own habits they carry.
 */
class Client {
  readonly messages: Array<Record<string, unknown>> = [];
  readonly ws: WebSocket;
  private nextId = 1;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('a'))
        this.messages.push(...(JSON.parse(text.slice(1)) as Array<Record<string, unknown>>));
    });
  }

  async opened(): Promise<void> {
    await new Promise<void>((resolve) => this.ws.once('message', () => resolve()));
  }

  send(frame: string): void {
    this.ws.send(frame);
  }

  /** `endpoint\nid\nquery\nbody`, as every client builds it; resolves with the answer of that id. */
  async request(endpoint: string, body: string, query = ''): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    this.send(`${endpoint}\n${id}\n${query}\n${body}`);
    return this.answer(id);
  }

  async answer(id: number): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 3_000;
    for (;;) {
      const found = this.messages.find((m) => m.i === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No answer to ${id}: ${JSON.stringify(this.messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

async function rest(fake: FakeTradovate, path: string, token: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${fake.restUrl}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

describe('public Tradovate clients replayed against the fake', () => {
  let fake: FakeTradovate;
  let user: { userId: number; accounts: Array<{ id: number; name: string }> };
  let token: string;
  const clients: Client[] = [];
  beforeEach(async () => {
    fake = await startFakeTradovate({ heartbeatMs: 5_000 });
    user = fake.control.addUser('Public Client', [{ name: 'PUB-1' }]);
    fake.control.setPrice('MESZ6', 6000);
    token = fake.control.issueToken(user.userId).accessToken;
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.ws.close();
    await fake.close();
  });

  it('tradovate/example-api-js (EX-05, EX-06): authorize with the raw token on id 0, heartbeats, user/syncrequest with users alone answers no entities', async () => {
    const client = new Client(fake.wsUrl);
    clients.push(client);
    await client.opened();
    client.send(`authorize\n0\n\n${token}`);
    expect(await client.answer(0)).toEqual({ i: 0, s: 200 });
    client.send('[]');
    const sync = await client.request('user/syncrequest', JSON.stringify({ users: [user.userId] }));
    // The sync request guide: `entityTypes` defaults to an empty list, so this older form gets no entities.
    expect(sync).toEqual({ i: expect.any(Number), s: 200, d: {} });
  });

  it("tradovate/example-api-trading-strategy (standardMiddleware/placeOCO.js): order/placeOCO over the socket with a limit and its `other` stop, then both orders work, named in each other's linkedId", async () => {
    const client = new Client(fake.wsUrl);
    clients.push(client);
    await client.opened();
    client.send(`authorize\n0\n\n${token}`);
    await client.answer(0);
    await client.request(
      'user/syncrequest',
      JSON.stringify({ accounts: [user.accounts[0]?.id], entityTypes: ['order'] }),
    );
    // The example's body: accountSpec, accountId, action, symbol, orderQty, orderType, price, isAutomated, other.
    const placed = await client.request(
      'order/placeOCO',
      JSON.stringify({
        accountSpec: 'PUB-1',
        accountId: user.accounts[0]?.id,
        action: 'Sell',
        symbol: 'MESZ6',
        orderQty: 1,
        orderType: 'Limit',
        price: 6010,
        isAutomated: true,
        other: { action: 'Sell', orderType: 'Stop', stopPrice: 5990 },
      }),
    );
    expect(placed).toMatchObject({ s: 200, d: { orderId: expect.any(Number), ocoId: expect.any(Number) } });
    const { orderId, ocoId } = placed.d as { orderId: number; ocoId: number };
    const orders = (await rest(fake, 'order/list', token)) as Array<Record<string, unknown>>;
    expect(orders.map((o) => [o.id, o.ordStatus, o.linkedId]).sort()).toEqual(
      [
        [orderId, 'Working', ocoId],
        [ocoId, 'Working', orderId],
      ].sort(),
    );
  });

  it('cgilly2fast/tradovate-typescript (RequestSocket): the body always JSON-stringified, so authorize carries a quoted token', async () => {
    const client = new Client(fake.wsUrl);
    clients.push(client);
    await client.opened();
    client.send(`authorize\n0\n\n${JSON.stringify(token)}`);
    expect(await client.answer(0)).toEqual({ i: 0, s: 200 });
    const sync = await client.request(
      'user/syncrequest',
      JSON.stringify({ accounts: [user.accounts[0]?.id] }),
    );
    // No `entityTypes`: none, as the guide's default (an empty list) says.
    expect(sync).toMatchObject({ s: 200, d: {} });
    const accounts = await client.request('account/list', JSON.stringify(undefined) ?? '');
    expect(accounts).toMatchObject({ s: 200, d: [{ name: 'PUB-1' }] });
  });

  it('tradovate/example-api-trading-strategy (TradovateSocket, placeOrder): order/placeOrder over the socket with accountSpec, accountId and isAutomated, then its props', async () => {
    const client = new Client(fake.wsUrl);
    clients.push(client);
    await client.opened();
    client.send(`authorize\n0\n\n${token}`);
    await client.answer(0);
    // The example's sync request with the `entityTypes` the guide now requires (without them no events follow).
    await client.request(
      'user/syncrequest',
      JSON.stringify({ accounts: [user.accounts[0]?.id], entityTypes: ['order', 'fill'] }),
    );
    const placed = await client.request(
      'order/placeOrder',
      JSON.stringify({
        symbol: 'MESZ6',
        orderQty: 1,
        accountSpec: 'PUB-1',
        accountId: user.accounts[0]?.id,
        action: 'Buy',
        orderType: 'Market',
        isAutomated: true,
      }),
    );
    expect(placed).toMatchObject({ s: 200, d: { orderId: expect.any(Number) } });
    const deadline = Date.now() + 3_000;
    while (!client.messages.some((m) => m.e === 'props' && JSON.stringify(m).includes('"fill"'))) {
      if (Date.now() > deadline) throw new Error('no fill props');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('Tradovate OpenAPI (PlaceOrder.md, Command.md, OAuthToken): isAutomated optional, clOrdId found through commands, the token endpoint with and without /v1', async () => {
    const placed = (await rest(fake, 'order/placeorder', token, {
      accountSpec: 'PUB-1',
      action: 'Buy',
      symbol: 'MESZ6',
      orderQty: 1,
      orderType: 'Limit',
      price: 5900,
      clOrdId: 'pub-1',
    })) as { orderId: number };
    expect(placed.orderId).toEqual(expect.any(Number));
    expect(await rest(fake, `command/deps?masterid=${placed.orderId}`, token)).toEqual([
      expect.objectContaining({ clOrdId: 'pub-1', commandType: 'New', isAutomated: false }),
    ]);
    for (const url of [fake.tokenUrl, `${fake.url}/auth/oauthtoken`]) {
      const refresh = fake.control.issueRefreshToken(user.userId);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refresh }),
      });
      expect(await response.json()).toMatchObject({
        access_token: expect.stringMatching(/^tv-/),
        refresh_token: refresh,
        token_type: 'Bearer',
      });
    }
  });

  it('when a user opens a 51st socket, then the oldest is closed and its token no longer works', async () => {
    const sockets: Client[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 51; i += 1) {
      const client = new Client(fake.wsUrl);
      clients.push(client);
      sockets.push(client);
      await client.opened();
      const own = fake.control.issueToken(user.userId).accessToken;
      tokens.push(own);
      client.send(`authorize\n0\n\n${own}`);
      await client.answer(0);
    }
    const deadline = Date.now() + 3_000;
    while (sockets[0]?.ws.readyState !== WebSocket.CLOSED) {
      if (Date.now() > deadline) throw new Error('the oldest socket stayed open');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await rest(fake, 'account/list', tokens[0] ?? '')).toEqual({ errorText: 'Access is denied' });
    expect(await rest(fake, 'account/list', tokens[50] ?? '')).toEqual([
      expect.objectContaining({ name: 'PUB-1' }),
    ]);
  });
});
