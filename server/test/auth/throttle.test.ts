import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, uniqueEmail } from '../support/users';

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

  it('when an account failed 10 times in 15 minutes, then even the right password gets 429 with Retry-After', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // Different addresses: the account's own limit must trigger, not the address one.
      expect((await login(user.email, 'Wrong!Pass1', `10.0.0.${attempt + 1}`)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, user.password, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toEqual({ detail: 'Too many failed sign-in attempts. Please try again later.' });
  });

  it('when the failures are older than 15 minutes, then the account may sign in again', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) await login(user.email, 'Wrong!Pass1', '10.1.0.1');
    expect((await login(user.email, user.password, '10.1.0.2')).statusCode).toBe(429);
    await t.db.query(
      `UPDATE login_attempts SET created_at = now() - interval '16 minutes' WHERE email = $1`,
      [user.email],
    );
    expect((await login(user.email, user.password, '10.1.0.2')).statusCode).toBe(200);
  });

  it('when one address failed 10 times on different e-mails, then that address gets 429 and others do not', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1)
      await login(uniqueEmail('spray'), 'Wrong!Pass1', '10.2.0.1');
    const blocked = await login(user.email, user.password, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('when an unknown e-mail is hammered, then it is throttled like a real one (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    for (let attempt = 0; attempt < 10; attempt += 1)
      await login(email, 'Wrong!Pass1', `10.3.0.${attempt + 1}`);
    expect((await login(email, 'Wrong!Pass1', '10.3.1.1')).statusCode).toBe(429);
  });
});
