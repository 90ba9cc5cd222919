import type { MailMessage } from '../../src/mail/mailer';
import { RuleMail } from '../../src/propfirm/service/rule-mail';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

const MINUTE = 60_000;
const START = Date.parse('2027-03-12T21:07:00Z');

describe('e-mail when a firm rule acts', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => t.close());

  function mailerAt(clock: { time: number }): { mail: RuleMail; sent: MailMessage[] } {
    const sent: MailMessage[] = [];
    const mail = new RuleMail({
      db: t.db,
      mailer: { send: async (message) => void sent.push(message) },
      now: () => clock.time,
      windowMs: 15 * MINUTE,
    });
    return { mail, sent };
  }

  it('when a burst of refusals comes, then one mail goes, the rest are counted and named in the next mail', async () => {
    const clock = { time: START };
    const { mail, sent } = mailerAt(clock);
    for (let i = 0; i < 5; i += 1) {
      clock.time = START + i * MINUTE;
      mail.ruleActed(alice.id, 999_001, i === 0 ? 'Flat-by: flattened' : `News blackout: refusal ${i}`);
    }
    await mail.idle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(alice.email);
    expect(sent[0]?.subject).toBe('SyncTrade: a firm rule acted on account #999001');
    expect(sent[0]?.text).toContain('Flat-by: flattened');
    expect(sent[0]?.text).not.toContain('more rule action');

    // A restart inside the quiet spell sends nothing either: the last mail's time is in the database.
    const restarted = mailerAt(clock);
    restarted.mail.ruleActed(alice.id, 999_001, 'News blackout: after the restart');
    await restarted.mail.idle();
    expect(restarted.sent).toHaveLength(0);

    // Another user's first action is mailed at once.
    restarted.mail.ruleActed(bob.id, 999_002, 'Daily loss limit of $1,000 reached');
    await restarted.mail.idle();
    expect(restarted.sent.map((message) => message.to)).toEqual([bob.email]);

    // 15 minutes after the first mail, the next action is mailed and names the 5 held back.
    clock.time = START + 15 * MINUTE;
    mail.ruleActed(alice.id, 999_001, 'Max contracts: clipped from 8 to 5');
    await mail.idle();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain('Max contracts: clipped from 8 to 5');
    expect(sent[1]?.text).toContain('5 more rule action(s) happened since the last mail');
  });
});
