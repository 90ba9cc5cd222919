import type React from 'react';
import { Link } from 'react-router-dom';
import { Footnote, Lead, LinkButton } from '../../auth';

export interface CheckEmailProps {
  email: string;
  loading: boolean;
  onResend(): void;
}

/** The sent screen: where the link went, and a Resend that sends it again. */
export function CheckEmail({ email, loading, onResend }: CheckEmailProps): React.JSX.Element {
  return (
    <>
      <h1>Check your email</h1>
      <Lead>
        We sent a password reset link to <strong>{email}</strong>. Open it to choose a new password.
      </Lead>
      <Footnote>
        Didn&apos;t receive the email?{' '}
        <LinkButton type="button" disabled={loading} onClick={onResend}>
          {loading ? 'Sending...' : 'Resend'}
        </LinkButton>
      </Footnote>
      <Footnote>
        <Link to="/login">Back to Login</Link>
      </Footnote>
    </>
  );
}
