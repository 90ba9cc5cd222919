import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { AppError } from '../../src/http/app-error';
import {
  MAX_ACCOUNT_FAILURES,
  MAX_PAIR_FAILURES,
  reserveLoginTurn,
  type LoginTurn,
} from '../../src/auth/login-throttle';
import { createTestDb } from '../support/test-db';
import { uniqueEmail } from '../support/users';

/**
 * Tries of one account that arrive together are counted in one transaction (on the embedded database each commit
 * is a synchronous write on the server's thread), with the same answers as one transaction each: every try sees
 * the ones counted before it.
 */
describe('sign-in tries of one account counted together', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(async () => db.close());

  /** Counts the transactions opened on the database while `run` goes. */
  async function transactionsDuring<T>(run: () => Promise<T>): Promise<{ result: T; transactions: number }> {
    const spy = jest.spyOn(db, 'tx');
    try {
      const result = await run();
      return { result, transactions: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }

  const settle = <T>(promises: Array<Promise<T>>) => Promise.allSettled(promises);
  const statusOf = (outcome: PromiseSettledResult<LoginTurn>): number | 'counted' =>
    outcome.status === 'fulfilled' ? 'counted' : (outcome.reason as AppError).status;

  it('when twelve tries from one address arrive at once, then one transaction counts ten of them in order and refuses two, the tenth reaching the limit', async () => {
    const email = uniqueEmail();
    const { result, transactions } = await transactionsDuring(() =>
      settle(
        Array.from({ length: MAX_PAIR_FAILURES + 2 }, () =>
          reserveLoginTurn(db, { email, ip: '10.20.0.1', known: false, stepMs: 1 }),
        ),
      ),
    );
    expect(transactions).toBe(1);
    expect(result.map(statusOf)).toEqual([...Array<string>(MAX_PAIR_FAILURES).fill('counted'), 429, 429]);
    const turns = result.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(new Set(turns.map((turn) => turn.id)).size).toBe(MAX_PAIR_FAILURES);
    expect(turns.map((turn) => turn.reachesLimit)).toEqual([
      ...Array<boolean>(MAX_PAIR_FAILURES - 1).fill(false),
      true,
    ]);
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_attempts WHERE email = $1 AND NOT succeeded',
      [email],
    );
    expect(row?.n).toBe(MAX_PAIR_FAILURES);
  });

  it('when tries from many unknown addresses arrive at once, then the account limit counts across them and each later try waits longer', async () => {
    const email = uniqueEmail();
    const count = MAX_ACCOUNT_FAILURES + 3;
    const result = await settle(
      Array.from({ length: count }, (_, i) =>
        reserveLoginTurn(db, { email, ip: `10.21.${i}.1`, known: false, stepMs: 100 }),
      ),
    );
    expect(result.map(statusOf)).toEqual([
      ...Array<string>(MAX_ACCOUNT_FAILURES).fill('counted'),
      429,
      429,
      429,
    ]);
    const waits = result.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.waitMs] : []));
    // Ten failures before a try start its slow-down at one step (100 ms), one more step per failure after.
    expect(waits).toEqual([...Array<number>(10).fill(0), 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('when a known address tries while the account is over its limit for others, then it is counted and not slowed', async () => {
    const email = uniqueEmail();
    const result = await settle([
      ...Array.from({ length: MAX_ACCOUNT_FAILURES }, (_, i) =>
        reserveLoginTurn(db, { email, ip: `10.22.${i}.1`, known: false, stepMs: 1 }),
      ),
      reserveLoginTurn(db, { email, ip: '10.22.99.1', known: false, stepMs: 1 }),
      reserveLoginTurn(db, { email, ip: '192.0.2.7', known: true, stepMs: 1 }),
    ]);
    expect(result.slice(-2).map(statusOf)).toEqual([429, 'counted']);
    const own = result.at(-1);
    expect(own?.status === 'fulfilled' && own.value.waitMs).toBe(0);
  });

  it('when the database fails inside the transaction, then every try of the batch fails with it and none is counted', async () => {
    const email = uniqueEmail();
    const original = db.tx.bind(db);
    const spy = jest.spyOn(db, 'tx').mockImplementationOnce((fn) =>
      original(async (tx) => {
        await fn(tx);
        throw new Error('connection lost');
      }),
    );
    try {
      const result = await settle(
        Array.from({ length: 3 }, () => reserveLoginTurn(db, { email, ip: '10.23.0.1', known: false })),
      );
      expect(result.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      spy.mockRestore();
    }
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_attempts WHERE email = $1',
      [email],
    );
    expect(row?.n).toBe(0);
  });
});
