import { authStore } from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { mockApi, renderWithProviders, screen, signIn, waitFor, type ApiMock } from '@synctrade/test-utils';
import { resetStores } from '../../../support/fixtures';
import { PasswordForm } from './password-form';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  authStore.setState({ token: signIn(1) });
  api = mockApi();
});
afterEach(() => api.restore());

async function fill(current: string, next: string, confirm: string) {
  const view = renderWithProviders(<PasswordForm />, {
    route: '/profile/security',
    path: '/profile/security',
  });
  await view.user.type(screen.getByLabelText('Current password'), current);
  await view.user.type(screen.getByLabelText('New password'), next);
  await view.user.type(screen.getByLabelText('Confirm new password'), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Change password' }));
  return view;
}

describe('password change', () => {
  it('when the new passwords differ, then the spec toast shows and nothing is sent', async () => {
    await fill('OldPass1!', 'NewPass1!', 'NewPass2!');
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the change succeeds, then the spec text shows, the user is signed out and sent to /login', async () => {
    const heard = jest.fn();
    const off = bus.on('auth:logged-out', heard);
    api.on('POST /auth/profile/password', [200, { message: 'Password changed' }]);
    const { location } = await fill('OldPass1!', 'NewPass1!', 'NewPass1!');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/profile/password')[0]?.body).toEqual({
      current_password: 'OldPass1!',
      new_password: 'NewPass1!',
      confirmPassword: 'NewPass1!',
    });
    // The sign-out and the redirect follow the success toast: waited for, not assumed done.
    await waitFor(() => expect(location()).toBe('/login'));
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(authStore.getState().token).toBeNull();
    expect(heard).toHaveBeenCalledWith({ reason: 'password-changed' });
    expect(authStore.getState().loading).toBe(false);
    off();
  });

  it('when the server refuses, then its detail is toasted and the user stays', async () => {
    api.on('POST /auth/profile/password', [400, { detail: 'Current password is incorrect' }]);
    const { location } = await fill('wrong', 'NewPass1!', 'NewPass1!');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(location()).toBe('/profile/security');
    expect(window.localStorage.getItem('access_token')).not.toBeNull();
    expect(authStore.getState().loading).toBe(false);
  });

  it('when the server fails without a detail, then the fallback is toasted', async () => {
    api.on('POST /auth/profile/password', [500]);
    await fill('OldPass1!', 'NewPass1!', 'NewPass1!');
    expect(await screen.findByText('Failed to change password. Please try again.')).toBeInTheDocument();
  });

  it('while the change is in flight, then the button says so and is disabled', async () => {
    api.on('POST /auth/profile/password', () => new Promise(() => undefined));
    await fill('OldPass1!', 'NewPass1!', 'NewPass1!');
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
    expect(authStore.getState().loading).toBe(true);
  });
});
