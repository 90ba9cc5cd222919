import { loadConfig, PRIVATE_PROXIES } from '../../src/config/config';
import { slowdownMs } from '../../src/auth/login-throttle';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, uniqueEmail } from '../support/users';

/** The address the user signed up from (its first session's): the trader's own. */
async function ownAddress(t: TestApp, userId: number): Promise<string> {
  const [row] = await t.db.query<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1 LIMIT 1', [
    userId,
  ]);
  return row!.ip;
}

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authSlowdownStepMs: 1 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

  it('when one address failed 10 times on an account in 15 minutes, then that address gets 429 with Retry-After', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await login(user.email, 'Wrong!Pass1', '10.0.0.1')).statusCode).toBe(401);
    const blocked = await login(user.email, user.password, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toEqual({ detail: 'Too many failed sign-in attempts. Please try again later.' });
  });

  it('when an attacker failed many times on an account from many addresses, then the trader still signs in from theirs', async () => {
    const user = await registerUser(t.app);
    const own = await ownAddress(t, user.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1)
      statuses.push((await login(user.email, 'Wrong!Pass1', `10.9.${attempt % 3}.${attempt}`)).statusCode);
    // 20 failures from addresses the account never signed in from; then those addresses are refused.
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(10).fill(429)]);
    expect((await login(user.email, user.password, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(user.email, user.password, own)).statusCode).toBe(200);
  });

  it('when the failures are older than 15 minutes, then the address may try again', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) await login(user.email, 'Wrong!Pass1', '10.1.0.1');
    expect((await login(user.email, user.password, '10.1.0.1')).statusCode).toBe(429);
    await t.db.query(
      `UPDATE login_attempts SET created_at = now() - interval '16 minutes' WHERE email = $1`,
      [user.email],
    );
    // The node remembers the refusal until the window ends by its own clock; the clock moved only in the database.
    t.app.loginRefusals.forget(user.email, '10.1.0.1');
    expect((await login(user.email, user.password, '10.1.0.1')).statusCode).toBe(200);
  });

  it('when one address failed 10 times on different e-mails, then its own account still signs in (no lockout per address)', async () => {
    const user = await registerUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1)
      await login(uniqueEmail('spray'), 'Wrong!Pass1', '10.2.0.1');
    expect((await login(user.email, user.password, '10.2.0.1')).statusCode).toBe(200);
  });

  it('when an unknown e-mail is hammered from one address, then it is throttled like a real one (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    for (let attempt = 0; attempt < 10; attempt += 1) await login(email, 'Wrong!Pass1', '10.3.0.1');
    expect((await login(email, 'Wrong!Pass1', '10.3.0.1')).statusCode).toBe(429);
  });

  it('the slow-down per account: none below 10 failures, then 0.5 s more per failure, at most 5 s', () => {
    expect([0, 9, 10, 11, 14, 19, 100].map((failures) => slowdownMs(failures))).toEqual([
      0, 0, 500, 1000, 2500, 5000, 5000,
    ]);
  });
});

describe('the slow-down per account is applied on sign-in', () => {
  // An odd step, so the waits it causes are told apart from any other timer of the server.
  const STEP_MS = 37;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authSlowdownStepMs: STEP_MS } });
  });
  afterAll(async () => t.close());

  const originalSetTimeout = global.setTimeout;

  /** Signs in from `address` and answers the status with the waits (ms) the server scheduled meanwhile. */
  async function timedLogin(email: string, password: string, address: string) {
    const waits: number[] = [];
    const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      return originalSetTimeout(fn, ms);
    }) as typeof setTimeout);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress: address,
      });
      return { status: response.statusCode, waits: waits.filter((ms) => ms % STEP_MS === 0 && ms > 0) };
    } finally {
      spy.mockRestore();
    }
  }

  it('when an account failed 11 times from 11 addresses, then the next try waits two steps and still signs in', async () => {
    const user = await registerUser(t.app);
    expect(await timedLogin(user.email, 'Wrong!Pass1', '10.60.0.100')).toEqual({ status: 401, waits: [] });
    for (let attempt = 1; attempt < 11; attempt += 1)
      expect((await timedLogin(user.email, 'Wrong!Pass1', `10.60.0.${attempt}`)).status).toBe(401);
    // 11 failures: 10 reach the threshold (one step), the 11th adds one more.
    expect(await timedLogin(user.email, user.password, '10.60.9.9')).toEqual({
      status: 200,
      waits: [2 * STEP_MS],
    });
  });
});

describe('login throttling behind a proxy', () => {
  it('when TRUST_PROXY is on, then the forwarded address is throttled, and a client cannot pick its own', async () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(PRIVATE_PROXIES);
    const t = await buildTestApp({ config: { trustProxy: PRIVATE_PROXIES, authSlowdownStepMs: 1 } });
    try {
      const user = await registerUser(t.app);
      const via = (forwarded: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password },
          remoteAddress: '10.50.0.1',
          headers: { 'x-forwarded-for': forwarded },
        });
      // The client writes a fake first hop each time; the proxy appends the address it saw.
      for (let attempt = 0; attempt < 10; attempt += 1)
        await via(`1.1.1.${attempt}, 203.0.113.7`, 'Wrong!Pass1');
      expect((await via('9.9.9.9, 203.0.113.7', user.password)).statusCode).toBe(429);
      expect((await via('203.0.113.8', user.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
