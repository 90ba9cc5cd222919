import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../src/mail/mailer';
import { RuleMail } from '../../src/propfirm/service/rule-mail';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

async function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'PUT',
  payload?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await app.inject({
    method,
    url: '/api/v1/propfirm/mail-settings',
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('the e-mail choice for firm rule actions', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => t.close());

  it('when nothing was chosen, then the mails are on', async () => {
    expect(await call(t.app, alice, 'GET')).toEqual({ status: 200, body: { rule_emails: true } });
  });

  it('when a user turns the mails off, then it is stored for that user only and can be turned on again', async () => {
    expect(await call(t.app, alice, 'PUT', { rule_emails: false })).toEqual({
      status: 200,
      body: { rule_emails: false },
    });
    expect((await call(t.app, alice, 'GET')).body).toEqual({ rule_emails: false });
    expect((await call(t.app, bob, 'GET')).body).toEqual({ rule_emails: true });
    await call(t.app, alice, 'PUT', { rule_emails: true });
    expect((await call(t.app, alice, 'GET')).body).toEqual({ rule_emails: true });
    await call(t.app, alice, 'PUT', { rule_emails: false });
  });

  it.each([[{}], [{ rule_emails: 'no' }], [{ rule_emails: 1 }], [{ rule_emails: null }]])(
    'when the body is %j, then it is refused with a detail and nothing changes',
    async (payload) => {
      const { status, body } = await call(t.app, bob, 'PUT', payload);
      expect(status).toBe(400);
      expect(typeof body.detail).toBe('string');
      expect((await call(t.app, bob, 'GET')).body).toEqual({ rule_emails: true });
    },
  );

  it('when signed out, then the setting is not shown', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/propfirm/mail-settings' });
    expect(response.statusCode).toBe(401);
  });

  it('when a rule acts, then a user who turned the mails off gets none and one who did not gets one', async () => {
    const sent: MailMessage[] = [];
    const mail = new RuleMail({
      db: t.db,
      mailer: { send: async (message) => void sent.push(message) },
      now: () => Date.parse('2027-03-12T21:07:00Z'),
    });
    // Alice turned them off in the test above.
    mail.ruleActed(
      alice.id,
      999_101,
      'Trailing drawdown: equity $48,160 is within $200 of the floor $48,000',
    );
    mail.ruleActed(bob.id, 999_102, 'Daily loss limit of $1,000 reached');
    await mail.idle();
    expect(sent.map((message) => message.to)).toEqual([bob.email]);
    // Nothing was counted for her: turned on again, her next action is mailed at once and names no backlog.
    await call(t.app, alice, 'PUT', { rule_emails: true });
    mail.ruleActed(alice.id, 999_101, 'Flat-by: flattened');
    await mail.idle();
    expect(sent.map((message) => message.to)).toEqual([bob.email, alice.email]);
    expect(sent[1]?.text).not.toContain('more rule action');
  });
});
