import { SqlPaperAuthorizations } from '../../src/brokers/paper/sql-authorizations';
import {
  PaperAuthorizations,
  SIM_LOGIN_DIGITS,
  type PaperConsents,
} from '../../src/brokers/paper/authorizations';
import { migrate } from '../../src/db/migrate';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser } from '../support/users';

/** A random source that answers the given logins in turn (a repeat forced), then fails the test. */
function scripted(...logins: string[]): { source: () => string; draws: () => number } {
  let next = 0;
  return {
    source: () => {
      const login = logins[next];
      next += 1;
      if (login === undefined) throw new Error('more draws than scripted');
      return login;
    },
    draws: () => next,
  };
}

/** Consent, approval and redemption of one paper login, as the connect flow does them. */
async function issueLogin(authorizations: PaperConsents, state: string): Promise<string | undefined> {
  await authorizations.expect(state, 'http://synctrade.test/callback', 'demo');
  const approved = await authorizations.approve(state);
  if (approved === undefined) throw new Error('consent not approved');
  return authorizations.redeem(approved.code);
}

describe('paper logins are never shared by two traders', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('when a paper connection is made, then its login has 12 random digits', async () => {
    const user = await registerUser(t.app);
    await connectSim(t.app, user);
    const [row] = await t.db.query<{ user_data: string }>(
      `SELECT user_data FROM connections WHERE user_id = $1`,
      [user.id],
    );
    expect(row?.user_data).toMatch(new RegExp(`^paper-trader-\\d{${SIM_LOGIN_DIGITS}}$`));
  });

  it('when the random source repeats a login already handed out, then the second draw is retried', async () => {
    const random = scripted('424242424242', '424242424242', '515151515151');
    const authorizations = new SqlPaperAuthorizations(t.db, random.source);
    expect(await issueLogin(authorizations, 'state-first')).toBe('424242424242');
    expect(await issueLogin(authorizations, 'state-second')).toBe('515151515151');
    expect(random.draws()).toBe(3);
  });

  it('when two nodes hand out logins at once from the same repeating source, then they never get the same one', async () => {
    // Each node draws 777777777777 first: the database lets one of them have it.
    const one = new SqlPaperAuthorizations(t.db, scripted('777777777777', '888888888881').source);
    const two = new SqlPaperAuthorizations(t.db, scripted('777777777777', '888888888882').source);
    const logins = await Promise.all([issueLogin(one, 'state-a'), issueLogin(two, 'state-b')]);
    expect(new Set(logins).size).toBe(2);
    expect(logins).toContain('777777777777');
  });

  it('when logins existed before they were recorded, then the migration keeps them and none is handed out again', async () => {
    const user = await registerUser(t.app);
    await connectSim(t.app, user, 'Before');
    const [row] = await t.db.query<{ user_data: string }>(
      `SELECT user_data FROM connections WHERE user_id = $1`,
      [user.id],
    );
    const held = (row?.user_data ?? '').replace('paper-trader-', '');
    // The database as it was before migration 504, with this trader's login in it.
    await t.db.exec(`DROP TABLE sim_logins`);
    await t.db.query(`DELETE FROM schema_migrations WHERE name = '504_sim_logins.sql'`);
    expect(await migrate(t.db)).toEqual(['504_sim_logins.sql']);
    const random = scripted(held, '909090909090');
    expect(await issueLogin(new SqlPaperAuthorizations(t.db, random.source), 'state-after')).toBe(
      '909090909090',
    );
  });

  it('when the in-memory authorizations draw a repeat, then they draw again', async () => {
    const authorizations = new PaperAuthorizations(
      scripted('100000000001', '100000000001', '100000000002').source,
    );
    expect(await issueLogin(authorizations, 'a')).toBe('100000000001');
    expect(await issueLogin(authorizations, 'b')).toBe('100000000002');
  });
});
