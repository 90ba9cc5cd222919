import { LOGIN_MESSAGES } from '../../src/brokers/rithmic/login';
import {
  ACCOUNT,
  GATEWAY,
  PASSWORD,
  rithmicWorld,
  type RithmicWorld,
  SYSTEM,
  USER,
} from './support/rithmic-world';

const login = (overrides: Record<string, string> = {}) => ({
  userName: USER,
  password: PASSWORD,
  systemName: SYSTEM,
  gateway: GATEWAY,
  environment: 'demo' as const,
  ...overrides,
});

describe('Rithmic connect with a login, against the fake gateway', () => {
  let world: RithmicWorld;
  afterEach(() => world.close());

  it('lists the gateway systems, then logs in and answers the accounts and what to store', async () => {
    world = await rithmicWorld();
    expect(world.adapter.gateways?.()).toEqual([{ name: GATEWAY, environment: 'demo' }]);
    expect(await world.adapter.listSystems?.(GATEWAY)).toEqual([
      'Rithmic Test',
      'Rithmic Paper Trading',
      'Rithmic 01',
      'Apex',
    ]);
    const result = await world.adapter.connectWithLogin!(login());
    expect(result.credentials).toEqual({
      accessToken: '',
      brokerUserId: USER,
      password: PASSWORD,
      systemName: SYSTEM,
      gateway: GATEWAY,
    });
    expect(result.userData).toBe(USER);
    expect(result.accounts).toEqual([
      expect.objectContaining({ externalId: ACCOUNT, name: 'Fake one', currency: 'USD', active: true }),
    ]);
  });

  it('tells a wrong password, missing agreements, an unknown system and a system not allowed apart', async () => {
    world = await rithmicWorld();
    world.fake.addUser({ user: 'unsigned', password: 'pw-unsigned', agreementsSigned: false });
    world.fake.addUser({ user: 'apex-only', password: 'pw-apex', systems: ['Apex'] });
    await expect(world.adapter.connectWithLogin!(login({ password: 'wrong-pass' }))).rejects.toMatchObject({
      code: 'unauthorized',
      message: LOGIN_MESSAGES.credentials,
    });
    await expect(world.adapter.connectWithLogin!(login({ userName: 'nobody' }))).rejects.toMatchObject({
      code: 'unauthorized',
      message: LOGIN_MESSAGES.credentials,
    });
    await expect(
      world.adapter.connectWithLogin!(login({ userName: 'unsigned', password: 'pw-unsigned' })),
    ).rejects.toMatchObject({ code: 'unauthorized', message: LOGIN_MESSAGES.agreements });
    expect(LOGIN_MESSAGES.agreements).toContain('R Trader Pro');
    await expect(world.adapter.connectWithLogin!(login({ systemName: 'Nowhere' }))).rejects.toMatchObject({
      code: 'unauthorized',
      message: LOGIN_MESSAGES.system,
    });
    await expect(
      world.adapter.connectWithLogin!(login({ userName: 'apex-only', password: 'pw-apex' })),
    ).rejects.toMatchObject({ code: 'unauthorized', message: LOGIN_MESSAGES.system });
    await expect(world.adapter.connectWithLogin!(login({ gateway: 'Elsewhere' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    await expect(world.adapter.listSystems!('Elsewhere')).rejects.toMatchObject({ code: 'rejected' });
    expect(LOGIN_MESSAGES.sessions).toMatch(/another platform is logged in on the same/);
    for (const warning of world.warnings) expect(warning).not.toContain('wrong-pass');
  });

  it('refuses a session whose stored login lacks its password or names a gateway no longer configured', async () => {
    world = await rithmicWorld();
    const base = { connectionId: 1, environment: 'demo' as const };
    await expect(
      world.adapter.openSession({
        ...base,
        credentials: { accessToken: '', brokerUserId: USER, systemName: SYSTEM, gateway: GATEWAY },
      }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(
      world.adapter.openSession({
        ...base,
        credentials: {
          accessToken: '',
          brokerUserId: USER,
          password: PASSWORD,
          systemName: SYSTEM,
          gateway: 'Gone',
        },
      }),
    ).rejects.toMatchObject({ code: 'rejected' });
  });

  it('a gateway that does not answer is unavailable, not a wrong password', async () => {
    world = await rithmicWorld();
    const url = world.fake.url;
    await world.fake.close();
    world.fake.close = () => Promise.resolve();
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:/);
    await expect(world.adapter.listSystems!(GATEWAY)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(world.adapter.connectWithLogin!(login())).rejects.toMatchObject({ code: 'unavailable' });
  });
});
