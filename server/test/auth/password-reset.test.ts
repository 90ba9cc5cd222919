import { readdirSync } from 'node:fs';
import { SUCCESS } from '@synctrade/api/messages';
import { loadConfig } from '../../src/config/config';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, uniqueEmail } from '../support/users';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { testOutboxReader: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

  async function latestMail(to: string): Promise<OutboxMail | null> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox/latest?to=${encodeURIComponent(to)}`,
    });
    return response.statusCode === 200 ? (response.json() as OutboxMail) : null;
  }

  async function requestToken(email: string): Promise<string> {
    expect((await post('/auth/forgot-password', { email })).statusCode).toBe(200);
    const mail = await latestMail(email);
    const link = mail?.links[0] ?? '';
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('when a known e-mail asks, then a mail with a configured-origin link is written to the outbox', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
      headers: { host: 'evil.example' },
    });
    expect(response.json()).toEqual({ message: SUCCESS.forgotPassword });
    const mail = await latestMail(user.email);
    expect(mail?.links[0]).toMatch(/^http:\/\/synctrade\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(readdirSync(t.config.outboxDir).length).toBeGreaterThan(0);
  });

  it('when an unknown e-mail asks, then the answer is the same and no mail is sent', async () => {
    const email = uniqueEmail('nobody');
    const response = await post('/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUCCESS.forgotPassword });
    expect(await latestMail(email)).toBeNull();
  });

  it('when the e-mail is missing or invalid, then 400 with the form message', async () => {
    expect((await post('/auth/forgot-password', {})).json()).toEqual({ detail: 'Email is required' });
    expect((await post('/auth/forgot-password', { email: 'nope' })).statusCode).toBe(400);
  });

  it('when the token is used, then the password changes, old sessions end and the token cannot be used again', async () => {
    const user = await registerUser(t.app);
    const token = await requestToken(user.email);
    const reset = await post('/auth/reset-password', { token, new_password: 'N3w!Password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: SUCCESS.resetPassword });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: user.headers })).statusCode,
    ).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: 'N3w!Password' })).statusCode).toBe(200);
    const again = await post('/auth/reset-password', { token, new_password: 'An0ther!Pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This reset link is invalid or has expired' });
  });

  it('when the token is stored, then only its hash is in the database', async () => {
    const user = await registerUser(t.app);
    const token = await requestToken(user.email);
    const rows = await t.db.query<{ token_hash: string }>(
      'SELECT r.token_hash FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('when the token is older than 30 minutes, then it is refused', async () => {
    const user = await registerUser(t.app);
    const token = await requestToken(user.email);
    await t.db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [user.email],
    );
    expect((await post('/auth/reset-password', { token, new_password: 'N3w!Password' })).statusCode).toBe(
      400,
    );
  });

  it('when a token was issued, then it expires 30 minutes later', async () => {
    const user = await registerUser(t.app);
    await requestToken(user.email);
    const rows = await t.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60) AS minutes FROM password_resets
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [user.email],
    );
    expect(Number(rows[0]?.minutes)).toBe(30);
  });

  it('when a second link is used, then the first link of the same account dies too', async () => {
    const user = await registerUser(t.app);
    const first = await requestToken(user.email);
    const second = await requestToken(user.email);
    expect(
      (await post('/auth/reset-password', { token: second, new_password: 'N3w!Password' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/auth/reset-password', { token: first, new_password: 'N3w!Password' })).statusCode,
    ).toBe(400);
  });

  it('when an account asked 5 times this hour, then the 6th request sends no mail but answers the same', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await post('/auth/forgot-password', { email: user.email });
    const before = readdirSync(t.config.outboxDir).length;
    const sixth = await post('/auth/forgot-password', { email: user.email });
    expect(sixth.json()).toEqual({ message: SUCCESS.forgotPassword });
    expect(readdirSync(t.config.outboxDir).length).toBe(before);
  });

  it.each([
    [{ new_password: 'N3w!Password' }, 'Token is required for password reset'],
    [{ token: 'abc', new_password: 'short' }, 'Password must be at least 8 characters long'],
    [{ token: 'made-up-token', new_password: 'N3w!Password' }, 'This reset link is invalid or has expired'],
  ])('when the reset payload is %j, then 400 %s', async (payload, detail) => {
    const response = await post('/auth/reset-password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });
});

describe('the test-only outbox reader', () => {
  const ask = (t: TestApp, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox/latest?to=a@b.com', remoteAddress });

  it('when the server starts on its defaults (no NODE_ENV, no flag), then the reader does not exist', async () => {
    expect(loadConfig({}).testOutboxReader).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_OUTBOX: 'true' }).testOutboxReader).toBe(false);
    const t = await buildTestApp({ config: { testOutboxReader: loadConfig({}).testOutboxReader } });
    try {
      expect((await ask(t)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('when the flag is on but the server listens beyond loopback, then the reader does not exist', async () => {
    const t = await buildTestApp({ config: { testOutboxReader: true, host: '0.0.0.0' } });
    try {
      expect((await ask(t)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('when the flag is on, then only a loopback caller reads the outbox', async () => {
    const t = await buildTestApp({ config: { testOutboxReader: true } });
    try {
      expect((await ask(t, '10.0.0.7')).statusCode).toBe(404);
      const local = await ask(t);
      expect(local.statusCode).toBe(404);
      expect(local.json()).toEqual({ detail: 'No mail for this address' });
    } finally {
      await t.close();
    }
  });
});
