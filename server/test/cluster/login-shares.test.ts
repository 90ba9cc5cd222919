import { LoginShareStore, shareLogins } from '../../src/cluster/login-shares';
import { RequestBudget } from '../../src/copier/engine/budget';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';

const LOGIN = 'tradovate|demo|4711';
const TTL_MS = 60_000;

/** Runs every job it is given at once when the budget lets it: answers how many went now. */
function burstOf(budget: RequestBudget, jobs: number): number {
  let ran = 0;
  for (let i = 0; i < jobs; i += 1)
    budget.schedule({
      exit: false,
      accountId: 2,
      symbol: 'ESZ6',
      run: () => {
        ran += 1;
        return true;
      },
      drop: () => undefined,
    });
  budget.stop();
  return ran;
}

describe('a broker login used by several server nodes', () => {
  let db: Db;
  let store: LoginShareStore;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
    store = new LoginShareStore(db);
  });
  afterAll(() => db.close());
  beforeEach(() => db.query('DELETE FROM broker_login_shares'));

  it('when two nodes use one login, then each spends half of its allowance, and the whole when the other leaves', async () => {
    const onA = new RequestBudget(80);
    const onB = new RequestBudget(80);
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    await shareLogins(store, 'node-b', new Map([[LOGIN, onB]]), TTL_MS);
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    expect([onA.sharePerMinute, onB.sharePerMinute]).toEqual([40, 40]);
    // A quarter of the node's share goes at once: 10 of 40 (20 of 80 alone).
    expect(burstOf(onA, 30)).toBe(10);
    await store.leave('node-b');
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    expect(onA.sharePerMinute).toBe(80);
  });

  it("when the broker stops a login on one node, then the other node sends nothing to it before the broker's time", async () => {
    const onA = new RequestBudget(80);
    const onB = new RequestBudget(80);
    const until = Date.now() + 30_000;
    onB.penalize(until);
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    await shareLogins(store, 'node-b', new Map([[LOGIN, onB]]), TTL_MS);
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    expect(onA.blockedAt).toBe(until);
    expect(onA.nextSendAt()).toBeGreaterThanOrEqual(until);
    expect(burstOf(onA, 1)).toBe(0);
  });

  it('when a node stops renewing, then its row runs out and the others spend the whole allowance again', async () => {
    const onA = new RequestBudget(80);
    const onB = new RequestBudget(80);
    await shareLogins(store, 'node-b', new Map([[LOGIN, onB]]), 1);
    await db.query(`SELECT pg_sleep(0.01)`);
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    expect(onA.sharePerMinute).toBe(80);
  });

  it('when a node no longer uses a login, then its report drops it, and other logins are not counted together', async () => {
    const onA = new RequestBudget(80);
    const other = new RequestBudget(80);
    await shareLogins(store, 'node-b', new Map([[LOGIN, new RequestBudget(80)]]), TTL_MS);
    await shareLogins(store, 'node-b', new Map([['tradovate|demo|9', other]]), TTL_MS);
    await shareLogins(store, 'node-a', new Map([[LOGIN, onA]]), TTL_MS);
    expect([onA.sharePerMinute, other.sharePerMinute]).toEqual([80, 80]);
  });
});
