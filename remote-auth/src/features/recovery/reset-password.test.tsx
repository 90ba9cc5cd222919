import { SUCCESS } from '@synctrade/api';
import { screen } from '@synctrade/test-utils';
import { renderAuth, setUpAuthTest } from '../../test-helpers';

const NEW = 'Brand-new-pass1!';

describe('Reset password', () => {
  const { api } = setUpAuthTest();

  it('when opened, then it states the whole password rule', () => {
    renderAuth('/reset-password?token=t1');
    expect(
      screen.getByText(
        /8 to 128 characters with at least one uppercase letter, one lowercase letter, one number and one special character/,
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['no token', '/reset-password', NEW, NEW, 'Token is required for password reset'],
    [
      'an empty token and empty fields',
      '/reset-password?token=',
      '',
      '',
      'Token is required for password reset',
    ],
    ['an empty field', '/reset-password?token=t1', NEW, '', 'Please fill in all fields'],
    ['different passwords', '/reset-password?token=t1', NEW, `${NEW}x`, 'Passwords do not match!'],
    [
      'a short password',
      '/reset-password?token=t1',
      'short',
      'short',
      'Password must be at least 8 characters long',
    ],
    ['short and different', '/reset-password?token=t1', 'short', 'other', 'Passwords do not match!'],
    [
      'a long password without the character classes',
      '/reset-password?token=t1',
      'brand-new-pass',
      'brand-new-pass',
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
  ])(
    'when submitted with %s, then the toast says so and nothing is sent',
    async (_c, route, first, second, text) => {
      const { user } = renderAuth(route);
      if (first) await user.type(screen.getByLabelText('New password'), first);
      if (second) await user.type(screen.getByLabelText('Confirm new password'), second);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(api().calls).toHaveLength(0);
    },
  );

  async function submitValid(): Promise<ReturnType<typeof renderAuth>> {
    const rendered = renderAuth('/reset-password?token=tok%2B1');
    await rendered.user.type(screen.getByLabelText('New password'), NEW);
    await rendered.user.type(screen.getByLabelText('Confirm new password'), NEW);
    await rendered.user.click(screen.getByRole('button', { name: 'Submit' }));
    return rendered;
  }

  it('when the server accepts, then the success screen leads back to login', async () => {
    api().on('POST /auth/reset-password', [200, { message: SUCCESS.resetPassword }]);
    const { user, location } = await submitValid();
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your Password has been successfully changed',
    );
    expect(api().callsTo('POST /auth/reset-password')[0]?.body).toEqual({
      token: 'tok+1',
      new_password: NEW,
    });
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(location()).toBe('/login');
  });

  it('when the request is in flight, then the button reads "Updating..." and is disabled', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    api().on('POST /auth/reset-password', () => new Promise((resolve) => (answer = resolve)));
    await submitValid();
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    answer([500, {}]);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it.each([
    [
      'the server detail',
      400,
      { detail: 'Reset link is invalid or has expired' },
      'Reset link is invalid or has expired',
    ],
    ['the fallback', 500, {}, 'Failed to reset password. Please try again.'],
  ])(
    'when the server refuses, then the toast shows %s and the form stays',
    async (_c, status, body, text) => {
      api().on('POST /auth/reset-password', [status, body]);
      await submitValid();
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Set a new password');
    },
  );

  it('when show is pressed, then each password field reveals its own value', async () => {
    const { user } = renderAuth('/reset-password?token=t1');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show confirm new password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'text');
  });
});
