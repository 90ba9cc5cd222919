import type React from 'react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_MESSAGE } from '@synctrade/api';
import { notify } from '@synctrade/ui';
import { AuthLayout, Footnote, Form, Lead, SubmitButton, TextField, useAuthStore } from '../../auth';
import { CheckEmail } from './check-email';

/** `/forgot-password`: ask for the reset e-mail, then the 'Check your email' screen. */
export function ForgotPasswordPage(): React.JSX.Element {
  const loading = useAuthStore((state) => state.loading);
  const forgotPassword = useAuthStore((state) => state.forgotPassword);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Forgot password — SyncTrade';
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      notify.error(CLIENT_MESSAGE.enterEmail);
      return;
    }
    if (await forgotPassword(address)) setSentTo(address);
  };

  if (sentTo) {
    return (
      <AuthLayout>
        <CheckEmail email={sentTo} loading={loading} onResend={() => void forgotPassword(sentTo)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <h1>Forgot password?</h1>
      <Lead>
        Enter the e-mail address of your account and we will send you a link to reset your password.
      </Lead>
      <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Forgot password">
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton type="submit" disabled={loading}>
          {loading ? 'Sending...' : 'Send Email'}
        </SubmitButton>
      </Form>
      <Footnote>
        Remembered it? <Link to="/login">Back to Login</Link>
      </Footnote>
    </AuthLayout>
  );
}
