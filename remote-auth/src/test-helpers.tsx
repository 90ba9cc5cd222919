import { authStore } from '@synctrade/api';
import { mockApi, renderWithProviders, type ApiMock, type ProvidersResult } from '@synctrade/test-utils';
import AuthRoutes from './exposes/routes';
import { useAuthStore } from './features/auth';

const pristine = useAuthStore.getState();

/** Fresh stores and request handlers for each test; unhandled requests fail. */
export function setUpAuthTest(): { api: () => ApiMock } {
  // Typing whole forms with user-event is slow on a busy machine; the default 5 s cut tests mid-submit.
  jest.setTimeout(20_000);
  let api: ApiMock | null = null;
  beforeEach(() => {
    useAuthStore.setState(pristine, true);
    authStore.setState({ token: null, user: null });
    api = mockApi();
  });
  afterEach(() => api?.restore());
  return {
    api: () => {
      if (!api) throw new Error('mockApi not ready');
      return api;
    },
  };
}

/** Renders the remote the way the host mounts it: one element at each exact path. */
export function renderAuth(route: string): ProvidersResult {
  const path = route.split('?')[0] ?? '/login';
  return renderWithProviders(<AuthRoutes />, { route, path });
}
