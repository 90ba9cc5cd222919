import { checkHost, hubFromRest } from '../../src/brokers/projectx/hosts';

describe('ProjectX custom hosts', () => {
  it('accepts public https hosts and derives the hub', () => {
    expect(checkHost('https://api.myfirm.projectx.com/', 'rest', false)).toBe(
      'https://api.myfirm.projectx.com',
    );
    expect(checkHost('https://rtc.myfirm.projectx.com', 'hub', false)).toBe(
      'https://rtc.myfirm.projectx.com/hubs/user',
    );
    expect(hubFromRest('https://api.myfirm.projectx.com')).toBe('https://rtc.myfirm.projectx.com/hubs/user');
  });

  it.each([
    'http://api.myfirm.projectx.com',
    'https://127.0.0.1',
    'https://[::1]',
    'https://localhost',
    'https://intranet',
    'https://user:pw@api.myfirm.projectx.com',
    'https://api.myfirm.projectx.com/api',
    'https://api.myfirm.projectx.com?x=1',
    'ftp://api.myfirm.projectx.com',
  ])('refuses %s unless insecure hosts are allowed', (address) => {
    expect(() => checkHost(address, 'rest', false)).toThrow(
      'The host must be an https:// address without a path, user or password',
    );
  });

  it('lets tests use a loopback fake over http', () => {
    expect(checkHost('http://127.0.0.1:4320', 'rest', true)).toBe('http://127.0.0.1:4320');
  });
});
