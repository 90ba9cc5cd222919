import type React from 'react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CLIENT_MESSAGE } from '@synctrade/api';
import { LIMITS, newPasswordSchema } from '@synctrade/api/validation';
import { notify } from '@synctrade/ui';
import { AuthLayout, Footnote, Form, Lead, SubmitButton, TextField, useAuthStore } from '../../auth';
import { ResetSuccess } from './reset-success';

/** The spec's checks in their order (section 5); the first that fails is the toast. */
export function resetProblem(token: string, password: string, confirm: string): string | null {
  if (!token) return CLIENT_MESSAGE.resetTokenRequired;
  if (!password || !confirm) return CLIENT_MESSAGE.fillAllFields;
  if (password !== confirm) return CLIENT_MESSAGE.passwordsDoNotMatch;
  if (password.length < LIMITS.passwordMin) return CLIENT_MESSAGE.resetPasswordTooShort;
  return policyProblem(password);
}

/** The rest of the one password policy (length cap, character classes), so the server never has to say it. */
function policyProblem(password: string): string | null {
  try {
    newPasswordSchema.validateSync(password);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : CLIENT_MESSAGE.resetPasswordTooShort;
  }
}

/** `/reset-password?token=`: choose a new password, then the success screen. */
export function ResetPasswordPage(): React.JSX.Element {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const loading = useAuthStore((state) => state.loading);
  const resetPassword = useAuthStore((state) => state.resetPassword);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);

  useEffect(() => {
    document.title = 'Reset password — SyncTrade';
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const problem = resetProblem(token, password, confirm);
    if (problem) {
      notify.error(problem);
      return;
    }
    if (await resetPassword({ token, new_password: password })) setDone(true);
  };

  return (
    <AuthLayout>
      {done ? (
        <ResetSuccess />
      ) : (
        <>
          <h1>Set a new password</h1>
          <Lead>Choose a new password for your account. {CLIENT_MESSAGE.passwordRule}</Lead>
          <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Reset password">
            <TextField
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              id="reset-confirm"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
            <SubmitButton type="submit" disabled={loading}>
              {loading ? 'Updating...' : 'Submit'}
            </SubmitButton>
          </Form>
          <Footnote>
            <Link to="/login">Back to Login</Link>
          </Footnote>
        </>
      )}
    </AuthLayout>
  );
}
