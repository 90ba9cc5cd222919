import { startFakeProjectX, type FakeProjectX, type FakeProjectXOptions } from '../../fakes/projectx/server';

const ES = `CON.F.US.EP.Z${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> };

describe('fake ProjectX Gateway: the published request limits', () => {
  let fake: FakeProjectX;

  async function start(options: FakeProjectXOptions = {}): Promise<void> {
    fake = await startFakeProjectX({ pingMs: 10_000, ...options });
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addUser({ userName: 'bob', apiKey: 'key-b' });
    fake.addAccount({ id: 465, userName: 'alice' });
    fake.addAccount({ id: 466, userName: 'bob' });
  }
  afterEach(() => fake.close());

  async function call(path: string, body: object, token: string): Promise<Answer> {
    const response = await fetch(`${fake.restUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  async function login(userName: string, apiKey: string): Promise<string> {
    const response = await fetch(`${fake.restUrl}/api/Auth/loginKey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, apiKey }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  const bars = { contractId: ES, live: false, unit: 2, unitNumber: 1, limit: 10, includePartialBar: false };

  it('by default, a login gets 200 requests a minute; the 201st is HTTP 429 with a retry-after, a new token of the same login does not start afresh, another login is untouched', async () => {
    await start();
    const token = await login('alice', 'key-a');
    for (let n = 0; n < 200; n += 1) {
      const answer = await call('Account/search', { onlyActiveAccounts: true }, token);
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
    }
    const over = await call('Account/search', { onlyActiveAccounts: true }, token);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(50);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    const again = await login('alice', 'key-a');
    expect((await call('Account/search', { onlyActiveAccounts: true }, again)).status).toBe(429);
    const bob = await login('bob', 'key-b');
    expect(await call('Account/search', { onlyActiveAccounts: true }, bob)).toMatchObject({ status: 200 });
  });

  it('History/retrieveBars has its own window of 50 requests per 30 s: the 51st is HTTP 429 while other endpoints still answer', async () => {
    await start();
    const token = await login('alice', 'key-a');
    for (let n = 0; n < 50; n += 1)
      expect(await call('History/retrieveBars', bars, token)).toMatchObject({
        status: 200,
        body: { success: true, bars: [] },
      });
    const over = await call('History/retrieveBars', bars, token);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(25);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(30);
    expect(await call('Order/searchOpen', { accountId: 465 }, token)).toMatchObject({
      status: 200,
      body: { success: true },
    });
  });

  it('the windows slide: once the oldest counted request is older than the window, the next one is served', async () => {
    await start({ limits: { perWindow: 3, windowMs: 1_000 } });
    const token = await login('alice', 'key-a');
    for (let n = 0; n < 3; n += 1)
      expect((await call('Position/searchOpen', { accountId: 465 }, token)).status).toBe(200);
    const over = await call('Position/searchOpen', { accountId: 465 }, token);
    expect(over).toMatchObject({ status: 429, retryAfter: '1' });
    await sleep(1_050);
    expect((await call('Position/searchOpen', { accountId: 465 }, token)).status).toBe(200);
  });

  it('with limits off, nothing is refused', async () => {
    await start({ limits: 'off' });
    const token = await login('alice', 'key-a');
    const statuses = new Set<number>();
    for (let n = 0; n < 260; n += 1) statuses.add((await call('Account/search', {}, token)).status);
    expect([...statuses]).toEqual([200]);
  });
});
