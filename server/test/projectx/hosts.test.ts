import {
  checkHost,
  CUSTOM_HOSTS_OFF,
  DEFAULT_HOST_POLICY,
  HOST_INVALID,
  hostPolicyFromEnv,
  hubFromRest,
  type HostPolicy,
} from '../../src/brokers/projectx/hosts';

const PUBLIC: HostPolicy = { custom: 'public', privateHosts: [] };

describe('ProjectX gateway hosts a user may connect', () => {
  it('by default: the known firms only, custom hosts refused with a clear message', () => {
    expect(checkHost('https://api.topstepx.com', 'rest', DEFAULT_HOST_POLICY)).toBe(
      'https://api.topstepx.com',
    );
    expect(checkHost('https://rtc.topstepx.com/hubs/user', 'hub', DEFAULT_HOST_POLICY)).toBe(
      'https://rtc.topstepx.com/hubs/user',
    );
    expect(() => checkHost('https://api.myfirm.projectx.com', 'rest', DEFAULT_HOST_POLICY)).toThrow(
      CUSTOM_HOSTS_OFF,
    );
  });

  it('reads the operator settings: off unless PROJECTX_CUSTOM_HOSTS says public or names hosts', () => {
    expect(hostPolicyFromEnv({})).toEqual(DEFAULT_HOST_POLICY);
    expect(hostPolicyFromEnv({ PROJECTX_CUSTOM_HOSTS: 'public' })).toEqual(PUBLIC);
    expect(
      hostPolicyFromEnv({
        PROJECTX_CUSTOM_HOSTS: 'API.Firm.example, rtc.firm.example',
        PROJECTX_PRIVATE_HOSTS: '127.0.0.1:4320',
      }),
    ).toEqual({ custom: ['api.firm.example', 'rtc.firm.example'], privateHosts: ['127.0.0.1:4320'] });
  });

  it('a list of named custom hosts allows those names and no other', () => {
    const named: HostPolicy = { custom: ['api.firm.example'], privateHosts: [] };
    expect(checkHost('https://api.firm.example', 'rest', named)).toBe('https://api.firm.example');
    expect(() => checkHost('https://api.other.example', 'rest', named)).toThrow(CUSTOM_HOSTS_OFF);
  });

  it('accepts public https hosts and derives the hub', () => {
    expect(checkHost('https://api.myfirm.projectx.com/', 'rest', PUBLIC)).toBe(
      'https://api.myfirm.projectx.com',
    );
    expect(checkHost('https://rtc.myfirm.projectx.com', 'hub', PUBLIC)).toBe(
      'https://rtc.myfirm.projectx.com/hubs/user',
    );
    expect(hubFromRest('https://api.myfirm.projectx.com')).toBe('https://rtc.myfirm.projectx.com/hubs/user');
  });

  it.each([
    'http://api.myfirm.projectx.com',
    'https://127.0.0.1',
    'https://[::1]',
    'https://[::ffff:7f00:1]',
    'https://localhost',
    'https://localhost.',
    'https://app.localhost.',
    'https://intranet',
    'https://user:pw@api.myfirm.projectx.com',
    'https://api.myfirm.projectx.com/api',
    'https://api.myfirm.projectx.com?x=1',
    'ftp://api.myfirm.projectx.com',
  ])('refuses %s even when public custom hosts are allowed', (address) => {
    expect(() => checkHost(address, 'rest', PUBLIC)).toThrow(HOST_INVALID);
  });

  it('a private host the operator named: plain http on that host and port only', () => {
    const fake: HostPolicy = { custom: 'off', privateHosts: ['127.0.0.1:4320'] };
    expect(checkHost('http://127.0.0.1:4320', 'rest', fake)).toBe('http://127.0.0.1:4320');
    expect(() => checkHost('http://127.0.0.1:4321', 'rest', fake)).toThrow(HOST_INVALID);
    expect(() => checkHost('https://127.0.0.1:4321', 'rest', fake)).toThrow(HOST_INVALID);
  });
});
