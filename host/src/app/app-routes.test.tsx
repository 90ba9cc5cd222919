import type React from 'react';
import { authStore } from '@synctrade/api';
import { act, mockApi, renderWithProviders, screen, signIn, type ApiMock } from '@synctrade/test-utils';
import { provideRemoteModule, resetRuntimeDouble } from '../features/federation/support/runtime-double';
import { registerRuntimeRemotes } from '../features/federation/remote-registry';
import { stubFetchJson } from '../features/federation/support/fetch-json-stub';
import { SessionEvents } from '../features/auth/session-events';
import { AppRoutes } from './app-routes';

const profile = {
  id: 1,
  username: 'trader',
  email: 't@example.com',
  first_name: '',
  last_name: '',
  bio: '',
  photo_url: null,
  two_factor_enabled: false,
};

function remote(text: string): () => Promise<{ default: () => React.JSX.Element }> {
  return async () => ({ default: () => <h1>{text}</h1> });
}

let api: ApiMock;

beforeEach(async () => {
  resetRuntimeDouble();
  const names = ['landing', 'auth', 'connections', 'syncdesk', 'trade_history', 'profile'];
  stubFetchJson(Object.fromEntries(names.map((n) => [n, `/remotes/${n}/mf-manifest.json`])));
  await registerRuntimeRemotes();
  provideRemoteModule('landing/Routes', remote('Landing'));
  provideRemoteModule('auth/Routes', remote('Sign In'));
  provideRemoteModule('syncdesk/Routes', remote('Sync Desk'));
  provideRemoteModule('trade_history/Routes', remote('Dashboard Management'));
  provideRemoteModule('connections/ConnectionsSummary', remote('Connections'));
  api = mockApi()
    .on('GET /auth/profile', [200, profile])
    .on('GET /notifications', [200, { notifications: [], unread: 0 }])
    .on('GET /market/quotes', [200, []])
    // Home's copier cockpit.
    .on('GET /copier/groups', [200, []])
    .on('GET /brokers/accounts/table', [200, []])
    .on('GET /brokers/connections', [200, []])
    .on('GET /propfirm/headroom', [200, []])
    .on('GET /copier/connections/health', [200, []]);
});
afterEach(() => {
  api.restore();
  authStore.setState({ token: null, user: null, sessionEnded: false });
});

function renderAt(route: string): ReturnType<typeof renderWithProviders> {
  authStore.setState({ token: window.localStorage.getItem('access_token') });
  return renderWithProviders(
    <>
      <SessionEvents />
      <AppRoutes />
    </>,
    { route },
  );
}

describe('the route table and guard', () => {
  it.each(['/legal/privacy', '/guides/help-center', '/contact'])(
    'when the public page %s opens without a token, then the landing remote draws it',
    async (route) => {
      const view = renderAt(route);
      expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
      expect(view.location()).toBe(route);
    },
  );

  it('when a protected page opens without a token, then it goes to /login keeping path and query as from', async () => {
    const view = renderAt('/syncdesk?tab=orders');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe(`/login?from=${encodeURIComponent('/syncdesk?tab=orders')}`);
  });

  it('when /login opens with a stored token, then it goes to /dashboard', async () => {
    signIn(1);
    const view = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back,Trader' })).toBeInTheDocument();
    expect(view.location()).toBe('/dashboard');
  });

  it('when a token is stored while /login is open (registration), then the page stays on /login', async () => {
    const view = renderAt('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    act(() => authStore.getState().signIn(signIn(5)));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login');
  });

  it('when a protected page mounts, then the profile is fetched, and again on the next page', async () => {
    signIn(1);
    const { user } = renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back,Trader' });
    expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Sync Desk' }));
    expect(await screen.findByRole('heading', { name: 'Sync Desk' })).toBeInTheDocument();
    expect(api.callsTo('GET /auth/profile')).toHaveLength(2);
  });

  it('when the profile fetch answers 401, then the token is cleared and the browser goes to /login', async () => {
    signIn(1);
    api.on('GET /auth/profile', [401, { detail: 'Session expired' }]);
    const view = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(view.location()).toBe('/login');
  });

  it('when the profile fetch fails otherwise, then the spec fallback toast shows', async () => {
    signIn(1);
    api.on('GET /auth/profile', [500, {}]);
    renderAt('/dashboard');
    expect(await screen.findByText('Failed to receive profile. Please try again.')).toBeInTheDocument();
  });

  it('when the Trade History group opens, then it navigates to its dashboard', async () => {
    signIn(1);
    const view = renderAt('/dashboard');
    await view.user.click(await screen.findByRole('button', { name: 'Trade History' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard Management' })).toBeInTheDocument();
    expect(view.location()).toBe('/trade-history/dashboard');
    expect(screen.getByRole('link', { name: 'Weekly' })).toBeInTheDocument();
  });

  it('when the path is under /trade-history, then the group is open', async () => {
    signIn(1);
    renderAt('/trade-history/daily');
    expect(await screen.findByRole('button', { name: 'Trade History' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('when the address is unknown, then the not-found page shows', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('when the user logs out, then the server is told, the token removed and /login shown', async () => {
    signIn(1);
    api.on('POST /auth/logout', [200, { message: 'Logged out successfully' }]);
    const view = renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back,Trader' });
    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(view.location()).toBe('/login');
  });

  it('when logout fails, then the token stays and the fallback shows', async () => {
    signIn(1);
    api.on('POST /auth/logout', [500, {}]);
    const view = renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back,Trader' });
    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed. Please try again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).not.toBeNull();
  });
});
