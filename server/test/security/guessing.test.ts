import { authenticator } from 'otplib';
import type { TwoFactorSetup } from '@synctrade/api/types';
import { MAX_ACCOUNT_FAILURES, MAX_CODE_FAILURES, MAX_PAIR_FAILURES } from '../../src/auth/login-throttle';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

/**
 * Guessing in parallel: every try is counted before its password is checked, so tries sent at once see each
 * other. Counts of answers are asserted, never times.
 */
describe('guessing passwords and codes in parallel is capped, and the trader keeps signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authSlowdownStepMs: 1 } });
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, remoteAddress: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: otp === undefined ? { email, password } : { email, password, otp },
      remoteAddress,
    });

  /** The address the user signed up from: where the trader signs in. */
  async function ownAddress(user: TestUser): Promise<string> {
    const [row] = await t.db.query<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1 LIMIT 1', [
      user.id,
    ]);
    return row!.ip;
  }

  const count = (statuses: number[], status: number): number => statuses.filter((s) => s === status).length;

  /**
   * The statements a spy saw that were made for this trader's sign-in (each names the e-mail address): the app's
   * own timers (the write-behind, housekeeping) may run a statement of their own while the request is served.
   */
  const forTrader = (spy: jest.SpyInstance, email: string): unknown[][] =>
    spy.mock.calls.filter((call: unknown[]) => Array.isArray(call[1]) && call[1].includes(email));

  it(`40 wrong passwords at once from 40 addresses: ${MAX_ACCOUNT_FAILURES} are checked, the rest refused; the trader still signs in from their address`, async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => login(user.email, 'Wrong!Pass1', `10.70.0.${index + 1}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(count(statuses, 401)).toBe(MAX_ACCOUNT_FAILURES);
    expect(count(statuses, 429)).toBe(40 - MAX_ACCOUNT_FAILURES);
    // Even the right password from an address the account never signed in from waits for the window.
    expect((await login(user.email, user.password, '10.70.1.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, await ownAddress(user))).statusCode).toBe(200);
  });

  it(`15 wrong passwords at once from one address: ${MAX_PAIR_FAILURES} are checked, the rest refused`, async () => {
    const user = await registerUser(t.app);
    const statuses = (
      await Promise.all(Array.from({ length: 15 }, () => login(user.email, 'Wrong!Pass1', '10.71.0.1')))
    ).map((answer) => answer.statusCode);
    expect(count(statuses, 401)).toBe(MAX_PAIR_FAILURES);
    expect(count(statuses, 429)).toBe(15 - MAX_PAIR_FAILURES);
  });

  it('tries the node knows to be over their limit are refused without a database statement (one for a new address)', async () => {
    const user = await registerUser(t.app);
    for (let index = 0; index < MAX_PAIR_FAILURES + 1; index += 1)
      await login(user.email, 'Wrong!Pass1', '10.75.0.1');
    for (let index = 0; index < MAX_ACCOUNT_FAILURES + 1; index += 1)
      await login(user.email, 'Wrong!Pass1', `10.75.1.${index + 1}`);
    const queries = jest.spyOn(t.app.db, 'query');
    const transactions = jest.spyOn(t.app.db, 'tx');
    try {
      expect((await login(user.email, 'Wrong!Pass1', '10.75.0.1')).statusCode).toBe(429);
      expect(forTrader(queries, user.email)).toHaveLength(0);
      const fresh = await login(user.email, user.password, '10.75.2.1');
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
      expect(forTrader(queries, user.email)).toHaveLength(1);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      transactions.mockRestore();
    }
    // The trader's own address is never refused for the others' failures, remembered or not.
    expect((await login(user.email, user.password, await ownAddress(user))).statusCode).toBe(200);
  });

  it('the failure that brings an address or the account to its limit is remembered: the next try needs no read', async () => {
    const user = await registerUser(t.app);
    for (let index = 0; index < MAX_PAIR_FAILURES; index += 1)
      expect((await login(user.email, 'Wrong!Pass1', '10.76.0.1')).statusCode).toBe(401);
    const others = MAX_ACCOUNT_FAILURES - MAX_PAIR_FAILURES;
    for (let index = 0; index < others; index += 1)
      expect((await login(user.email, 'Wrong!Pass1', `10.76.1.${index + 1}`)).statusCode).toBe(401);
    const queries = jest.spyOn(t.app.db, 'query');
    const transactions = jest.spyOn(t.app.db, 'tx');
    try {
      expect((await login(user.email, user.password, '10.76.0.1')).statusCode).toBe(429);
      expect(forTrader(queries, user.email)).toHaveLength(0);
      // A new address: one read, whether it ever signed in to the account.
      expect((await login(user.email, user.password, '10.76.2.1')).statusCode).toBe(429);
      expect(forTrader(queries, user.email)).toHaveLength(1);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      transactions.mockRestore();
    }
    expect((await login(user.email, user.password, await ownAddress(user))).statusCode).toBe(200);
  });

  it('an unknown e-mail guessed at once from many addresses is refused the same way (no enumeration)', async () => {
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          login('nobody-here@synctrade.test', 'Wrong!Pass1', `10.72.0.${index + 1}`),
        ),
      )
    ).map((answer) => answer.statusCode);
    expect(count(statuses, 401)).toBe(MAX_ACCOUNT_FAILURES);
    expect(count(statuses, 429)).toBe(40 - MAX_ACCOUNT_FAILURES);
  });

  describe('second-factor codes', () => {
    async function withTwoFactor(): Promise<{ user: TestUser; secret: string }> {
      const user = await registerUser(t.app);
      const call = (url: string, payload?: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: user.headers,
          ...(payload ? { payload } : {}),
        });
      const setup = (await call('/auth/2fa/setup')).json() as TwoFactorSetup;
      expect(
        (await call('/auth/2fa/enable', { code: authenticator.generate(setup.secret) })).statusCode,
      ).toBe(200);
      return { user, secret: setup.secret };
    }

    /** Codes that are none of the secret's codes two steps either side of now. */
    function wrongCodes(secret: string, how: number): string[] {
      const valid = new Set(
        [-60_000, -30_000, 0, 30_000, 60_000].map((shift) =>
          authenticator.clone({ epoch: Date.now() + shift }).generate(secret),
        ),
      );
      const codes: string[] = [];
      for (let candidate = 100_000; codes.length < how; candidate += 7_919)
        if (!valid.has(String(candidate))) codes.push(String(candidate));
      return codes;
    }

    it(`12 wrong codes at once from 12 addresses with the right password: ${MAX_CODE_FAILURES} are checked, the rest refused; the trader still signs in with a code`, async () => {
      const { user, secret } = await withTwoFactor();
      const answers = await Promise.all(
        wrongCodes(secret, 12).map((code, index) =>
          login(user.email, user.password, `10.73.0.${index + 1}`, code),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(count(statuses, 401)).toBe(MAX_CODE_FAILURES);
      expect(count(statuses, 429)).toBe(12 - MAX_CODE_FAILURES);
      // Guessing on needs a known address: even the right code is not checked from a new one.
      const right = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
      expect((await login(user.email, user.password, '10.73.1.1', right)).statusCode).toBe(429);
      expect((await login(user.email, user.password, await ownAddress(user), right)).statusCode).toBe(200);
    });

    it('asking for the code (202) is not a failure: it stops counting once answered', async () => {
      const { user } = await withTwoFactor();
      const statuses: number[] = [];
      for (let index = 0; index < MAX_ACCOUNT_FAILURES + 5; index += 1)
        statuses.push((await login(user.email, user.password, `10.74.0.${index + 1}`)).statusCode);
      expect(count(statuses, 202)).toBe(MAX_ACCOUNT_FAILURES + 5);
    });
  });
});
