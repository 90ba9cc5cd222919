import type React from 'react';
import { useState, type FormEvent } from 'react';
import type { LoginPayload } from '@synctrade/api';
import { Form, Lead, LinkButton, SubmitButton, TextField, useAuthStore, Footnote } from '../../auth';

const CODE_REQUIRED = 'Enter the 6-digit code or a recovery code';

export interface TwoFactorFormProps {
  credentials: LoginPayload;
  onSignedIn(): void;
}

/** The second sign-in step when the account has 2FA: the same login call again, with `otp`. */
export function TwoFactorForm({ credentials, onSignedIn }: TwoFactorFormProps): React.JSX.Element {
  const prompt = useAuthStore((state) => state.twoFactorPrompt);
  const loading = useAuthStore((state) => state.loading);
  const login = useAuthStore((state) => state.login);
  const cancel = useAuthStore((state) => state.cancelTwoFactor);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const otp = code.replace(/\s+/g, '');
    if (!otp) {
      setError(CODE_REQUIRED);
      return;
    }
    if ((await login({ ...credentials, otp })) === 'signed-in') onSignedIn();
  };

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Two-factor verification">
      <Lead>{prompt}. Lost your device? Use one of your recovery codes instead.</Lead>
      <TextField
        id="signin-otp"
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(event.target.value.trim() ? undefined : CODE_REQUIRED);
        }}
      />
      <SubmitButton type="submit" disabled={loading}>
        {loading ? 'Verifying...' : 'Verify'}
      </SubmitButton>
      <Footnote>
        <LinkButton type="button" disabled={loading} onClick={cancel}>
          Back to sign in
        </LinkButton>
      </Footnote>
    </Form>
  );
}
