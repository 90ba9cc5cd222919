import { mockApi, type ApiMock } from '@synctrade/test-utils';
import { useAuthStore } from './auth-store';

const pristine = useAuthStore.getState();

describe('auth store loading flag', () => {
  let api: ApiMock;
  beforeEach(() => {
    useAuthStore.setState(pristine, true);
    api = mockApi();
  });
  afterEach(() => api.restore());

  it.each([
    [
      'login',
      'POST /auth/login',
      () => useAuthStore.getState().login({ email: 'a@b.co', password: 'x'.repeat(8) }),
      [200, { access_token: 'h.e.s', message: 'ok' }],
    ],
    [
      'register',
      'POST /auth/register',
      () => useAuthStore.getState().register({ email: 'a@b.co', password: 'x' }),
      [201, { access_token: 'h.e.s', message: 'ok' }],
    ],
    [
      'forgot password',
      'POST /auth/forgot-password',
      () => useAuthStore.getState().forgotPassword('a@b.co'),
      [200, { message: 'ok' }],
    ],
    [
      'reset password',
      'POST /auth/reset-password',
      () => useAuthStore.getState().resetPassword({ token: 't', new_password: 'p' }),
      [200, { message: 'ok' }],
    ],
  ] as const)(
    'when %s runs, then loading is set, and cleared on success and on failure',
    // Each route's success answer is the one the server sends (register answers 201).
    async (_n, route, run, success) => {
      for (const reply of [success, [500, {}]] as const) {
        api.on(route, [reply[0], reply[1]]);
        const pending = run();
        expect(useAuthStore.getState().loading).toBe(true);
        await pending;
        expect(useAuthStore.getState().loading).toBe(false);
        expect(useAuthStore.getState().status).toBe(reply[0] < 300 ? 'success' : 'error');
      }
    },
  );
});
