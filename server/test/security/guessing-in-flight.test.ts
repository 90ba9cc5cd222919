import type { LightMyRequestResponse } from 'fastify';
import { IN_FLIGHT_RETRY_SECONDS } from '../../src/auth/admit-login-try';
import { MAX_ACCOUNT_FAILURES, MAX_PAIR_FAILURES } from '../../src/auth/login-throttle';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

/**
 * A guessing burst's tries beyond what a limit allows are refused by the node that counts them in flight, before
 * any statement. Password checks of wrong passwords are held until the test lets them go, so the tries in flight
 * are known; the test waits on conditions, never on time.
 */
describe('sign-in tries in flight are counted before their statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authSlowdownStepMs: 1 } });
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

  async function ownAddress(user: TestUser): Promise<string> {
    const [row] = await t.db.query<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1 LIMIT 1', [
      user.id,
    ]);
    return row!.ip;
  }

  /** Polls between turns of the event loop until `condition` holds (the test's time-out bounds it). */
  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Holds every check of a password other than `right` until `open()`; counts the checks begun. */
  function holdWrongChecks(right: string) {
    const original = t.app.passwords.verify.bind(t.app.passwords);
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let held = 0;
    const spy = jest.spyOn(t.app.passwords, 'verify').mockImplementation(async (hashed, password) => {
      if (password !== right) {
        held += 1;
        await opened;
      }
      return original(hashed, password);
    });
    return { held: () => held, open, restore: () => spy.mockRestore() };
  }

  /** Statements on the database outside transactions that read the sign-in failures (one per try that reaches it). */
  function failureReads() {
    const spy = jest.spyOn(t.app.db, 'query');
    return {
      count: () => spy.mock.calls.filter(([sql]) => sql.includes('FROM login_attempts')).length,
      all: () => spy.mock.calls.length,
      restore: () => spy.mockRestore(),
    };
  }

  /** Starts the tries and keeps each answer as it comes. */
  function send(tries: Array<() => Promise<LightMyRequestResponse>>) {
    const answered: LightMyRequestResponse[] = [];
    const all = Promise.all(
      tries.map((attempt) =>
        attempt().then((answer) => {
          answered.push(answer);
          return answer;
        }),
      ),
    );
    return { answered, all };
  }

  it(`30 wrong passwords at once from one address: ${MAX_PAIR_FAILURES} reach the database and are checked, the rest get 429 with Retry-After without a statement`, async () => {
    const user = await registerUser(t.app);
    const checks = holdWrongChecks(user.password);
    const reads = failureReads();
    try {
      const burst = send(
        Array.from({ length: 30 }, () => () => login(user.email, 'Wrong!Pass1', '10.80.0.1')),
      );
      await until(
        () => checks.held() === MAX_PAIR_FAILURES && burst.answered.length === 30 - MAX_PAIR_FAILURES,
      );
      for (const answer of burst.answered) {
        expect(answer.statusCode).toBe(429);
        expect(Number(answer.headers['retry-after'])).toBe(IN_FLIGHT_RETRY_SECONDS);
      }
      expect(reads.count()).toBe(MAX_PAIR_FAILURES);
      checks.open();
      const statuses = (await burst.all).map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_PAIR_FAILURES);
      expect(checks.held()).toBe(MAX_PAIR_FAILURES);
    } finally {
      checks.restore();
      reads.restore();
    }
    const [row] = await t.db.query<{ failures: number }>(
      'SELECT count(*)::int AS failures FROM login_attempts WHERE email = $1 AND ip = $2 AND NOT succeeded',
      [user.email, '10.80.0.1'],
    );
    expect(row!.failures).toBe(MAX_PAIR_FAILURES);
  });

  it(`with ${MAX_ACCOUNT_FAILURES} wrong passwords in flight from as many addresses, a new address is refused on one read, and the trader's own address still signs in`, async () => {
    const user = await registerUser(t.app);
    const own = await ownAddress(user);
    const checks = holdWrongChecks(user.password);
    try {
      const burst = send(
        Array.from(
          { length: MAX_ACCOUNT_FAILURES },
          (_, index) => () => login(user.email, 'Wrong!Pass1', `10.81.0.${index + 1}`),
        ),
      );
      await until(() => checks.held() === MAX_ACCOUNT_FAILURES);
      const reads = failureReads();
      const transactions = jest.spyOn(t.app.db, 'tx');
      try {
        const fresh = await login(user.email, user.password, '10.81.1.1');
        expect(fresh.statusCode).toBe(429);
        expect(Number(fresh.headers['retry-after'])).toBe(IN_FLIGHT_RETRY_SECONDS);
        // Only whether the trader ever signed in from that address.
        expect(reads.all()).toBe(1);
        expect(transactions).not.toHaveBeenCalled();
      } finally {
        reads.restore();
        transactions.mockRestore();
      }
      expect((await login(user.email, user.password, own)).statusCode).toBe(200);
      expect(burst.answered).toHaveLength(0);
      checks.open();
      expect((await burst.all).map((answer) => answer.statusCode)).toEqual(
        Array<number>(MAX_ACCOUNT_FAILURES).fill(401),
      );
    } finally {
      checks.restore();
    }
  });

  it('a try that signs in stops counting: more sign-ins from one address than its limit all succeed', async () => {
    const user = await registerUser(t.app);
    for (let index = 0; index < MAX_PAIR_FAILURES + 2; index += 1)
      expect((await login(user.email, user.password, '10.82.0.1')).statusCode).toBe(200);
    expect(t.app.loginTriesInFlight.pair(user.email, '10.82.0.1')).toBe(0);
    expect(t.app.loginTriesInFlight.account(user.email)).toBe(0);
  });

  it('a try that fails with an error stops counting too', async () => {
    const user = await registerUser(t.app);
    const broken = jest.spyOn(t.app.passwords, 'verify').mockRejectedValue(new Error('hashing failed'));
    try {
      // Fewer than the limit: the database keeps counting a try that broke as a failure.
      for (let index = 0; index < MAX_PAIR_FAILURES - 1; index += 1)
        expect((await login(user.email, user.password, '10.83.0.1')).statusCode).toBe(500);
    } finally {
      broken.mockRestore();
    }
    expect(t.app.loginTriesInFlight.pair(user.email, '10.83.0.1')).toBe(0);
    expect(t.app.loginTriesInFlight.account(user.email)).toBe(0);
    expect((await login(user.email, user.password, '10.83.0.1')).statusCode).toBe(200);
  });
});
