import type React from 'react';
import { Navigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { authStore, getToken } from '@synctrade/api';
import { fakeToken, renderWithProviders, screen, waitFor } from '@synctrade/test-utils';
import AuthRoutes from '../../exposes/routes';
import { renderAuth, setUpAuthTest } from '../../test-helpers';

/** Like the host's `/login` guard: a stored token sends the visitor to /dashboard. */
function HostGuard(): React.JSX.Element {
  const token = useStore(authStore, (state) => state.token);
  return token ? <Navigate to="/dashboard" replace /> : <AuthRoutes />;
}

const TOKEN = fakeToken(7);
const email = (): HTMLElement => screen.getByLabelText('Email');
const password = (): HTMLElement => screen.getByLabelText('Password');
const terms = (): HTMLElement => screen.getByRole('checkbox', { name: /I agree to the/ });
const submit = (): HTMLElement => screen.getByRole('button', { name: /^Sign(ing)? in(\.\.\.)?$/ });

describe('Sign In', () => {
  const { api } = setUpAuthTest();

  it.each([
    ['an invalid email', 'trader@', 'Password1!', 'Please enter a valid email address'],
    ['an empty email', '', 'Password1!', 'Email is required'],
    ['a short password', 'trader@example.com', 'short', 'Password must be at least 8 characters'],
    ['an empty password', 'trader@example.com', '', 'Password is required'],
  ])(
    'when submitted with %s, then its field message shows and nothing is sent',
    async (_case, mail, secret, message) => {
      const { user } = renderAuth('/login');
      if (mail) await user.type(email(), mail);
      if (secret) await user.type(password(), secret);
      await user.click(terms());
      await user.click(submit());
      expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
      expect(api().calls).toHaveLength(0);
    },
  );

  it('when a field is typed into and left, then it validates on change and on blur', async () => {
    const { user } = renderAuth('/login');
    await user.type(email(), 'x');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(password());
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('when terms are unticked at submit, then the toast asks to accept them and nothing is sent', async () => {
    const { user } = renderAuth('/login');
    await user.type(email(), 'trader@example.com');
    await user.type(password(), 'Password1!');
    await user.click(submit());
    expect(await screen.findByText('Please accept the terms and conditions')).toBeInTheDocument();
    expect(api().calls).toHaveLength(0);
  });

  async function signIn(route = '/login'): Promise<ReturnType<typeof renderAuth>> {
    const rendered = renderAuth(route);
    await rendered.user.type(email(), ' trader@example.com ');
    await rendered.user.type(password(), 'Password1!');
    await rendered.user.click(terms());
    await rendered.user.click(submit());
    return rendered;
  }

  it('when the server accepts, then the token is stored, the toast welcomes and it goes to /dashboard', async () => {
    api().on('POST /auth/login', [200, { access_token: TOKEN }]);
    const { location } = await signIn();
    expect(await screen.findByText('Login successful! Welcome back!')).toBeInTheDocument();
    expect(getToken()).toBe(TOKEN);
    expect(authStore.getState().token).toBe(TOKEN);
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api().callsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'trader@example.com',
      password: 'Password1!',
    });
  });

  it('when the guard sent the visitor with from, then it returns there with its query', async () => {
    api().on('POST /auth/login', [200, { access_token: TOKEN }]);
    const from = encodeURIComponent('/trade-history/daily?start=2026-01-01');
    const { location } = await signIn(`/login?from=${from}`);
    await waitFor(() => expect(location()).toBe('/trade-history/daily?start=2026-01-01'));
  });

  it('when the host guards /login against signed-in visitors, then from still wins over /dashboard', async () => {
    api().on('POST /auth/login', [200, { access_token: TOKEN }]);
    const { user, location } = renderWithProviders(<HostGuard />, {
      route: '/login?from=%2Fsyncdesk',
      path: '/login',
    });
    await user.type(email(), 'trader@example.com');
    await user.type(password(), 'Password1!');
    await user.click(terms());
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/syncdesk'));
  });

  it('when from points to another site, then it goes to /dashboard instead', async () => {
    api().on('POST /auth/login', [200, { access_token: TOKEN }]);
    const { location } = await signIn(`/login?from=${encodeURIComponent('//evil.test/x')}`);
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('when the request is in flight, then the button reads "Signing in..." and is disabled', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    api().on('POST /auth/login', () => new Promise((resolve) => (answer = resolve)));
    await signIn();
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    answer([401, { detail: 'Invalid email or password' }]);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it.each([
    ['the server detail', [401, { detail: 'Invalid email or password' }], 'Invalid email or password'],
    ['the fallback', [500, {}], 'Login failed. Please try again.'],
  ] as const)(
    'when the server refuses, then the toast shows %s and no token is kept',
    async (_c, reply, text) => {
      api().on('POST /auth/login', [reply[0], reply[1]]);
      const { location } = await signIn();
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(getToken()).toBeNull();
      expect(location()).toBe('/login');
    },
  );

  it('when the account has 2FA, then it asks for the code and resends the login with otp', async () => {
    api().on('POST /auth/login', (request) =>
      (request.body as { otp?: string }).otp === '123456'
        ? [200, { access_token: TOKEN }]
        : [202, { two_factor_required: true, message: 'Enter the 6-digit code from your authenticator app' }],
    );
    const { user, location } = await signIn();
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText(/Enter the 6-digit code from your authenticator app/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code or a recovery code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(getToken()).toBe(TOKEN);
    expect(api().callsTo('POST /auth/login')[1]?.body).toEqual({
      email: 'trader@example.com',
      password: 'Password1!',
      otp: '123456',
    });
  });

  it('when the 2FA code is wrong, then the server detail shows and the code step stays', async () => {
    api().on('POST /auth/login', (request) =>
      (request.body as { otp?: string }).otp
        ? [401, { detail: 'Invalid two-factor code' }]
        : [202, { two_factor_required: true, message: 'Enter the code' }],
    );
    const { user } = await signIn();
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid two-factor code')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
  });

  it('when "Sign in with Google" is pressed, then it only says it is not implemented', async () => {
    const { user } = renderAuth('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google login not implemented yet')).toBeInTheDocument();
    expect(api().calls).toHaveLength(0);
  });

  it('when show is pressed, then the password is revealed and hidden again', async () => {
    const { user } = renderAuth('/login');
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });
});
