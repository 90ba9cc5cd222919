import { SUCCESS } from '@synctrade/api';
import { screen } from '@synctrade/test-utils';
import { renderAuth, setUpAuthTest } from '../../test-helpers';

describe('Forgot password', () => {
  const { api } = setUpAuthTest();

  it('when the e-mail is empty, then the toast asks for it and nothing is sent', async () => {
    const { user } = renderAuth('/forgot-password');
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(api().calls).toHaveLength(0);
  });

  it.each([
    ['the server message', { message: 'If the address is registered, a link is on its way' }],
    ['the default text the server sends', { message: SUCCESS.forgotPassword }],
  ])(
    'when the server accepts, then the toast shows %s and the Check your email screen shows',
    async (_c, body) => {
      api().on('POST /auth/forgot-password', [200, body]);
      const { user } = renderAuth('/forgot-password');
      await user.type(screen.getByLabelText('Email'), ' trader@example.com');
      await user.click(screen.getByRole('button', { name: 'Send Email' }));
      const text = 'message' in body ? body.message : 'Reset link sent to your email!';
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your email');
      expect(screen.getByText('trader@example.com')).toBeInTheDocument();
      expect(api().callsTo('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'trader@example.com' });
    },
  );

  it('when Resend is pressed, then the mail is requested again', async () => {
    api().on('POST /auth/forgot-password', [200, { message: 'Reset link sent to your email!' }]);
    const { user } = renderAuth('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'trader@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    await screen.findByRole('button', { name: 'Resend' });
    expect(api().callsTo('POST /auth/forgot-password')).toHaveLength(2);
  });

  it('when the request is in flight, then the button reads "Sending..." and is disabled', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    api().on('POST /auth/forgot-password', () => new Promise((resolve) => (answer = resolve)));
    const { user } = renderAuth('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'trader@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer([500, {}]);
    expect(await screen.findByRole('button', { name: 'Send Email' })).toBeEnabled();
  });

  it.each([
    ['the server detail', 429, { detail: 'Too many requests' }, 'Too many requests'],
    ['the fallback', 500, {}, 'Failed to forget password. Please try again.'],
  ])(
    'when the server refuses, then the toast shows %s and the form stays',
    async (_c, status, body, text) => {
      api().on('POST /auth/forgot-password', [status, body]);
      const { user } = renderAuth('/forgot-password');
      await user.type(screen.getByLabelText('Email'), 'trader@example.com');
      await user.click(screen.getByRole('button', { name: 'Send Email' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forgot password?');
    },
  );
});
