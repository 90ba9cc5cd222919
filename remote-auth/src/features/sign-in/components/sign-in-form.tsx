import type React from 'react';
import { useFormik } from 'formik';
import { Link } from 'react-router-dom';
import { CLIENT_MESSAGE, type LoginPayload } from '@synctrade/api';
import { loginSchema } from '@synctrade/api/validation';
import { notify } from '@synctrade/ui';
import {
  Between,
  Divider,
  Footnote,
  Form,
  GoogleButton,
  LinkButton,
  SubmitButton,
  TermsCheckbox,
  TextField,
  useAuthStore,
} from '../../auth';

interface SignInValues {
  email: string;
  password: string;
  terms: boolean;
}

const initialValues: SignInValues = { email: '', password: '', terms: false };

export interface SignInFormProps {
  /** Called with the credentials once the server asked for a second factor. */
  onTwoFactor(credentials: LoginPayload): void;
  onSignedIn(): void;
}

/** The Sign In card's form: email, password, terms (checked at submit with a toast), Google, switch view. */
export function SignInForm({ onTwoFactor, onSignedIn }: SignInFormProps): React.JSX.Element {
  const loading = useAuthStore((state) => state.loading);
  const login = useAuthStore((state) => state.login);
  const setView = useAuthStore((state) => state.setView);

  const formik = useFormik<SignInValues>({
    initialValues,
    validationSchema: loginSchema,
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: async (values, helpers) => {
      if (!values.terms) {
        notify.error(CLIENT_MESSAGE.acceptTerms);
        return;
      }
      const credentials = { email: values.email.trim(), password: values.password };
      const outcome = await login(credentials);
      if (outcome === 'two-factor') onTwoFactor(credentials);
      if (outcome === 'signed-in') {
        helpers.resetForm();
        onSignedIn();
      }
    },
  });

  // Messages show once a field was left or changed, so typing gets live feedback (validate on change).
  const errorOf = (field: 'email' | 'password'): string | undefined =>
    formik.touched[field] || formik.values[field] !== initialValues[field] ? formik.errors[field] : undefined;

  return (
    <Form noValidate onSubmit={formik.handleSubmit} aria-label="Sign in">
      <TextField
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        {...formik.getFieldProps('email')}
        error={errorOf('email')}
      />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...formik.getFieldProps('password')}
        error={errorOf('password')}
      />
      <Between>
        <TermsCheckbox
          id="signin-terms"
          name="terms"
          checked={formik.values.terms}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
        />
        <Link to="/forgot-password">Forgot password?</Link>
      </Between>
      <SubmitButton type="submit" disabled={loading}>
        {loading ? 'Signing in...' : 'Sign in'}
      </SubmitButton>
      <Divider>or</Divider>
      <GoogleButton
        label="Sign in with Google"
        disabled={loading}
        onClick={() => notify.error(CLIENT_MESSAGE.googleLogin)}
      />
      <Footnote>
        Don&apos;t have an account?{' '}
        <LinkButton type="button" disabled={loading} onClick={() => setView('register')}>
          Register
        </LinkButton>
      </Footnote>
    </Form>
  );
}
