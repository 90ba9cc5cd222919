import type React from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginPayload } from '@synctrade/api';
import { Lead, useAuthStore, useRedirectTarget } from '../../auth';
import { SignInForm } from './sign-in-form';
import { TwoFactorForm } from './two-factor-form';

/** The Sign In card: credentials first, then the two-factor step when the server asks for it. */
export function SignInCard(): React.JSX.Element {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const awaitingCode = useAuthStore((state) => state.twoFactorPrompt !== null);
  const [credentials, setCredentials] = useState<LoginPayload | null>(null);

  // The token is stored by now; replace the sign-in entry so Back does not return to it.
  const onSignedIn = (): void => {
    void navigate(target, { replace: true });
  };

  if (awaitingCode && credentials) {
    return (
      <>
        <h1>Two-factor authentication</h1>
        <TwoFactorForm credentials={credentials} onSignedIn={onSignedIn} />
      </>
    );
  }
  return (
    <>
      <h1>Sign In</h1>
      <Lead>Welcome back. Sign in to manage your connections and copy trades.</Lead>
      <SignInForm onTwoFactor={setCredentials} onSignedIn={onSignedIn} />
    </>
  );
}
