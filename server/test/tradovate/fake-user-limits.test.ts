import WebSocket from 'ws';
import {
  startFakeTradovate,
  type FakeTradovate,
  type FakeTradovateOptions,
} from '../../fakes/tradovate/server';

type Answer = { status: number; body: unknown };
type SocketAnswer = { i: number; s: number; d?: unknown };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function call(fake: FakeTradovate, token: string, path: string, body?: object): Promise<Answer> {
  const response = await fetch(`${fake.restUrl}/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

const ticketOf = (answer: Answer | SocketAnswer): Record<string, unknown> | undefined => {
  const body = 'body' in answer ? answer.body : answer.d;
  return typeof body === 'object' && body !== null && 'p-ticket' in body
    ? (body as Record<string, unknown>)
    : undefined;
};

/** An authorized raw socket whose answers are read by request id. */
async function openSocket(
  fake: FakeTradovate,
  token: string,
): Promise<{
  send: (endpoint: string, id: number, body?: object) => void;
  answer: (id: number) => Promise<SocketAnswer>;
  answered: () => number;
  close: () => void;
}> {
  const ws = new WebSocket(fake.wsUrl);
  const answers = new Map<number, SocketAnswer>();
  ws.on('message', (data) => {
    const text = String(data);
    if (!text.startsWith('a')) return;
    for (const message of JSON.parse(text.slice(1)) as SocketAnswer[])
      if (typeof message.i === 'number') answers.set(message.i, message);
  });
  await new Promise((resolve) => ws.once('open', resolve));
  const send = (endpoint: string, id: number, body?: object): void =>
    ws.send(`${endpoint}\n${id}\n\n${body ? JSON.stringify(body) : ''}`);
  const answer = async (id: number): Promise<SocketAnswer> => {
    for (;;) {
      const found = answers.get(id);
      if (found) return found;
      await sleep(5);
    }
  };
  ws.send(`authorize\n0\n\n${token}`);
  await answer(0);
  return { send, answer, answered: () => answers.size, close: () => ws.close() };
}

describe('fake Tradovate: the request limit per user', () => {
  let fake: FakeTradovate;
  let trader: { userId: number; accounts: Array<{ id: number; name: string }> };
  let other: { userId: number };

  async function start(options: FakeTradovateOptions): Promise<void> {
    fake = await startFakeTradovate({ heartbeatMs: 10_000, ...options });
    trader = fake.control.addUser('Busy Trader', [{ name: 'BUSY-1' }]);
    other = fake.control.addUser('Quiet Trader', [{ name: 'QUIET-1' }]);
    fake.control.setPrice('ESZ6', 6000);
  }
  afterEach(() => fake.close());

  it('with the real limit, a user gets 80 requests a minute across its tokens; the 81st is not handled and answers HTTP 200 with a penalty ticket to wait until the minute has room', async () => {
    await start({ limits: 'real' });
    const tokens = [1, 2].map(() => fake.control.issueToken(trader.userId).accessToken);
    for (let n = 0; n < 80; n += 1) {
      const answer = await call(fake, tokens[n % 2]!, 'account/list');
      expect(answer).toMatchObject({ status: 200, body: [{ name: 'BUSY-1' }] });
    }
    const over = await call(fake, tokens[0]!, 'account/list');
    expect(over.status).toBe(200);
    expect(over.body).toEqual({ 'p-ticket': expect.any(String), 'p-time': expect.any(Number) });
    const pTime = (over.body as { 'p-time': number })['p-time'];
    expect(pTime).toBeGreaterThanOrEqual(50);
    expect(pTime).toBeLessThanOrEqual(60);
    // Another user's budget is its own.
    const quiet = fake.control.issueToken(other.userId).accessToken;
    expect(await call(fake, quiet, 'account/list')).toMatchObject({
      status: 200,
      body: [{ name: 'QUIET-1' }],
    });
  });

  it('when the caller waits p-time and resends the same order with the ticket, then it is executed once and counted', async () => {
    await start({ limits: { perMinute: 2, minuteMs: 2_000 } });
    const token = fake.control.issueToken(trader.userId).accessToken;
    await call(fake, token, 'account/list');
    await call(fake, token, 'position/list');
    const order = {
      accountId: trader.accounts[0]!.id,
      accountSpec: 'BUSY-1',
      action: 'Buy',
      symbol: 'ESZ6',
      orderQty: 1,
      orderType: 'Market',
      isAutomated: true,
    };
    const first = await call(fake, token, 'order/placeorder', order);
    const ticket = ticketOf(first);
    expect(ticket).toBeDefined();
    expect(fake.control.orders()).toHaveLength(0);
    await sleep(Number(ticket!['p-time']) * 1000);
    const resent = await call(fake, token, 'order/placeorder', { ...order, 'p-ticket': ticket!['p-ticket'] });
    expect(resent).toMatchObject({ status: 200, body: { orderId: expect.any(Number) } });
    expect(fake.control.orders()).toHaveLength(1);
    expect(fake.control.userRequestsInMinute(trader.userId)).toBe(1);
  });

  it('when the caller sends again before the ticket’s p-time is over, then the user is locked out with 429 on HTTP and s:429 on the socket until the lockout ends', async () => {
    await start({ limits: { perMinute: 2, minuteMs: 1_500 }, rateLimitLockoutMs: 2_500 });
    const token = fake.control.issueToken(trader.userId).accessToken;
    const socket = await openSocket(fake, token);
    try {
      for (let n = 0; n < 2; n += 1) expect((await call(fake, token, 'account/list')).status).toBe(200);
      const ticketed = await call(fake, token, 'account/list');
      expect(ticketOf(ticketed)).toBeDefined();
      const ignored = await call(fake, token, 'account/list');
      expect(ignored).toEqual({ status: 429, body: undefined });
      const lockedAt = Date.now();
      socket.send('position/list', 7);
      expect(await socket.answer(7)).toEqual({ i: 7, s: 429 });
      // Past the minute's window but within the lockout: still refused.
      await sleep(1_600);
      expect((await call(fake, token, 'account/list')).status).toBe(429);
      while (Date.now() < lockedAt + 2_600) await sleep(50);
      expect(await call(fake, token, 'account/list')).toMatchObject({
        status: 200,
        body: [{ name: 'BUSY-1' }],
      });
    } finally {
      socket.close();
    }
  });

  it('over the socket, the penalty ticket comes inside d of an s:200 answer', async () => {
    await start({ limits: { perMinute: 1, minuteMs: 60_000 } });
    const socket = await openSocket(fake, fake.control.issueToken(trader.userId).accessToken);
    try {
      socket.send('account/list', 1);
      expect(await socket.answer(1)).toMatchObject({ i: 1, s: 200, d: [{ name: 'BUSY-1' }] });
      socket.send('account/list', 2);
      expect(await socket.answer(2)).toEqual({
        i: 2,
        s: 200,
        d: { 'p-ticket': expect.any(String), 'p-time': expect.any(Number) },
      });
    } finally {
      socket.close();
    }
  });

  it('with the real hourly figure, the 5,001st request of the hour locks the user out even when each minute had room', async () => {
    await start({ limits: { perMinute: 100_000 }, rateLimitLockoutMs: 60_000 });
    const socket = await openSocket(fake, fake.control.issueToken(trader.userId).accessToken);
    try {
      for (let id = 1; id <= 5_000; id += 1) socket.send('account/list', id);
      while (socket.answered() < 5_001) await sleep(20);
      for (let id = 1; id <= 5_000; id += 1) expect((await socket.answer(id)).s).toBe(200);
      socket.send('account/list', 5_001);
      expect(await socket.answer(5_001)).toEqual({ i: 5_001, s: 429 });
    } finally {
      socket.close();
    }
  });

  it('when a user keeps being ticketed, then the tickets end up asking for a captcha, which no resend clears', async () => {
    await start({ limits: { perMinute: 1, minuteMs: 1_000, captchaAfterTickets: 2 } });
    const token = fake.control.issueToken(trader.userId).accessToken;
    expect((await call(fake, token, 'account/list')).status).toBe(200);
    const first = ticketOf(await call(fake, token, 'account/list'));
    expect(first).toBeDefined();
    expect(first!['p-captcha']).toBeUndefined();
    await sleep(Number(first!['p-time']) * 1000);
    expect((await call(fake, token, 'account/list')).status).toBe(200);
    const second = ticketOf(await call(fake, token, 'account/list'));
    expect(second).toMatchObject({ 'p-captcha': true });
    await sleep(Number(second!['p-time']) * 1000);
    const resent = await call(fake, token, `account/list?p-ticket=${String(second!['p-ticket'])}`);
    expect(ticketOf(resent)).toBeDefined();
  });
});
