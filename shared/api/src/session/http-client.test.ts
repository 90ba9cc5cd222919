import { bus } from '@synctrade/event-bus';
import { mockApi, signIn } from '@synctrade/test-utils';
import { getProfile, login, type Profile } from '../index';
import { setUnauthorizedHandler } from './http-client';
import { isCanceled, latestSignal } from './latest-request';

/** A profile as the server sends it (the stubs are checked against its schema). */
const profile = (id: number): Profile => ({
  id,
  username: 'joe',
  email: 'joe@example.com',
  first_name: '',
  last_name: '',
  bio: '',
  photo_url: null,
  two_factor_enabled: false,
});

describe('the API client', () => {
  const onUnauthorized = jest.fn();
  beforeEach(() => setUnauthorizedHandler(onUnauthorized));

  it('when a token is stored, then every request carries it as a bearer token to /api/v1', async () => {
    const token = signIn(7);
    const api = mockApi().on('GET /auth/profile', [200, profile(7)]);
    await getProfile();
    expect(api.calls[0]?.headers.authorization).toBe(`Bearer ${token}`);
    api.restore();
  });

  it.each([401, 403])(
    'when a call with a token answers %s, then the token is cleared and /login follows',
    async (status) => {
      signIn(7);
      const heard = jest.fn();
      const off = bus.on('auth:logged-out', heard);
      const api = mockApi().on('GET /auth/profile', [status, { detail: 'nope' }]);
      await expect(getProfile()).rejects.toBeDefined();
      expect(window.localStorage.getItem('access_token')).toBeNull();
      expect(heard).toHaveBeenCalledWith({ reason: 'unauthorized' });
      expect(onUnauthorized).toHaveBeenCalled();
      off();
      api.restore();
    },
  );

  it('when sign-in itself answers 401, then nothing is cleared (no session was lost)', async () => {
    const api = mockApi().on('POST /auth/login', [401, { detail: 'Invalid email or password' }]);
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toBeDefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
    api.restore();
  });

  it('when a newer request of the same action starts, then the older one is canceled', async () => {
    const api = mockApi().on('GET /auth/profile', [200, profile(1)]);
    const first = getProfile({ signal: latestSignal('profile') });
    const second = getProfile({ signal: latestSignal('profile') });
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status === 'rejected' && isCanceled(a.reason)).toBe(true);
    expect(b.status).toBe('fulfilled');
    api.restore();
  });
});
