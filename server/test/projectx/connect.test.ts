import { fakeHosts } from './support/fake-hosts';
import { createProjectXAdapter } from '../../src/brokers/projectx/index';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { testTimings, until } from './support/px-world';

describe('ProjectX sign-in and token renewal', () => {
  let fake: FakeProjectX;
  beforeEach(async () => {
    fake = await startFakeProjectX();
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addUser({ userName: 'nosub', apiKey: 'key-n', keyState: 'no-subscription' });
    fake.addUser({ userName: 'off', apiKey: 'key-o', keyState: 'disabled' });
    fake.addAccount({ id: 465, userName: 'alice', name: 'TOPX-465', balance: 150_000 });
  });
  afterEach(() => fake.close());

  const connect = (userName: string, apiKey: string) =>
    createProjectXAdapter({ timings: testTimings, hosts: fakeHosts(fake) }).connectWithApiKey!({
      userName,
      apiKey,
      environment: 'demo',
      restUrl: fake.restUrl,
      hubUrl: fake.hubUrl,
    });

  it('answers the accounts and what to store: token, key, user and hosts', async () => {
    const result = await connect('alice', 'key-a');
    expect(result.userData).toBe('alice');
    expect(result.accounts).toEqual([
      {
        externalId: '465',
        name: 'TOPX-465',
        currency: 'USD',
        currencySymbol: '$',
        cashBalance: 150000,
        active: true,
      },
    ]);
    expect(result.credentials).toMatchObject({
      brokerUserId: 'alice',
      apiKey: 'key-a',
      restUrl: fake.restUrl,
      hubUrl: fake.hubUrl,
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
  });

  it('turns each sign-in refusal into a message the trader can act on', async () => {
    await expect(connect('alice', 'wrong')).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'ProjectX refused the user name or API key',
    });
    await expect(connect('nosub', 'key-n')).rejects.toMatchObject({
      message: expect.stringContaining('ApiSubscriptionNotFound'),
    });
    await expect(connect('off', 'key-o')).rejects.toMatchObject({
      message: expect.stringContaining('ApiKeyAuthenticationDisabled'),
    });
  });

  it('renews a token near its end with Auth/validate before using it, and hands the new one back', async () => {
    const adapter = createProjectXAdapter({ timings: testTimings, hosts: fakeHosts(fake) });
    const result = await connect('alice', 'key-a');
    const renewed: string[] = [];
    const session = await adapter.openSession({
      connectionId: 1,
      environment: 'demo',
      credentials: { ...result.credentials, expiresAt: Date.now() + 5_000 },
      onCredentialsRenewed: (credentials) => renewed.push(credentials.accessToken),
    });
    const loginsAfterConnect = fake.sessions.logins;
    await until(() => renewed.length === 1, 'renewal');
    expect(renewed[0]).not.toBe(result.credentials.accessToken);
    expect(session.currentCredentials().accessToken).toBe(renewed[0]);
    // A renewal, not a new sign-in: the session lives on.
    expect(fake.sessions.logins).toBe(loginsAfterConnect);
    await session.close();
  });
});
