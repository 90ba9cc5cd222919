import type React from 'react';
import { useFormik } from 'formik';
import { CLIENT_MESSAGE } from '@synctrade/api';
import { registerSchema } from '@synctrade/api/validation';
import { FieldError, notify } from '@synctrade/ui';
import {
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
import { StrengthMeter } from './strength-meter';

interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

const initialValues: SignUpValues = { email: '', password: '', confirmPassword: '', terms: false };
type TextKey = 'email' | 'password' | 'confirmPassword';

/** The Sign Up card's form: register, store the token, then show Sign In (spec section 4). */
export function SignUpForm(): React.JSX.Element {
  const loading = useAuthStore((state) => state.loading);
  const register = useAuthStore((state) => state.register);
  const setView = useAuthStore((state) => state.setView);

  const formik = useFormik<SignUpValues>({
    initialValues,
    validationSchema: registerSchema,
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: async (values) => {
      // On success the store switches the view to Sign In, which unmounts (and so resets) this form.
      await register({ email: values.email.trim(), password: values.password });
    },
  });

  const errorOf = (field: TextKey): string | undefined =>
    formik.touched[field] || formik.values[field] !== initialValues[field] ? formik.errors[field] : undefined;
  const termsError = formik.touched.terms || formik.values.terms ? formik.errors.terms : undefined;

  return (
    <Form noValidate onSubmit={formik.handleSubmit} aria-label="Sign up">
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        {...formik.getFieldProps('email')}
        error={errorOf('email')}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        {...formik.getFieldProps('password')}
        error={errorOf('password')}
      />
      <StrengthMeter password={formik.values.password} />
      <TextField
        id="signup-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...formik.getFieldProps('confirmPassword')}
        error={errorOf('confirmPassword')}
      />
      <div>
        <TermsCheckbox
          id="signup-terms"
          name="terms"
          checked={formik.values.terms}
          invalid={Boolean(termsError)}
          describedBy={termsError ? 'signup-terms-error' : undefined}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
        />
        {termsError && <FieldError id="signup-terms-error">{termsError}</FieldError>}
      </div>
      <SubmitButton type="submit" disabled={loading}>
        {loading ? 'Creating account...' : 'Sign Up'}
      </SubmitButton>
      <Divider>or</Divider>
      <GoogleButton
        label="Sign up with Google"
        disabled={loading}
        onClick={() => notify.error(CLIENT_MESSAGE.googleRegister)}
      />
      <Footnote>
        Already have an account?{' '}
        <LinkButton type="button" disabled={loading} onClick={() => setView('login')}>
          Log in
        </LinkButton>
      </Footnote>
    </Form>
  );
}
