import * as yup from 'yup';
import { VALIDATION } from '../messages/validation-messages';
import { LIMITS } from './constants';
import { wire } from './wire-meta';

const COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/;

// `required` first: yup reports tests in the order they were added, and an empty field is "required".
const email = yup.string().trim().required(VALIDATION.emailRequired).email(VALIDATION.emailInvalid);

/** Sign In (spec section 5). The terms checkbox is checked at submit with a toast, not here. */
export const loginSchema = yup.object({
  email,
  password: yup
    .string()
    .required(VALIDATION.passwordRequired)
    .min(LIMITS.passwordMin, VALIDATION.passwordMin),
});

/** The wire payload of `POST /auth/login`: the form's fields plus the second factor when it is on. */
export const loginPayloadSchema = loginSchema.shape({
  otp: yup
    .string()
    .trim()
    .max(64)
    .optional()
    .meta(wire({ description: 'Six-digit authenticator code or a recovery code, when two-factor is on.' })),
});

/**
 * The one password policy (Register's rules: 8-128 characters with lower, upper, digit and special), applied
 * on the server wherever a new password is chosen: registration, reset and change. `required` and `min` keep
 * each screen's own wording.
 */
function withPasswordPolicy(field: yup.StringSchema<string>): yup.StringSchema<string> {
  return field
    .max(LIMITS.passwordMax, VALIDATION.passwordMax)
    .matches(COMPLEXITY, VALIDATION.passwordComplexity);
}

export const newPasswordSchema = withPasswordPolicy(
  yup.string().required(VALIDATION.passwordRequired).min(LIMITS.passwordMin, VALIDATION.passwordMin),
);

/** The wire payload of `POST /auth/register`. */
export const registerPayloadSchema = yup.object({
  email: email.max(LIMITS.emailMax, VALIDATION.emailMax),
  password: newPasswordSchema,
});

/** The Sign Up form: the payload plus confirmation and terms. */
export const registerSchema = registerPayloadSchema.shape({
  confirmPassword: yup
    .string()
    .required(VALIDATION.confirmRequired)
    // A test, not oneOf: yup checks oneOf before `required`, which would hide "Please confirm your password".
    .test('matches', VALIDATION.passwordsMustMatch, function matches(value) {
      return !value || value === this.parent.password;
    }),
  terms: yup.boolean().oneOf([true], VALIDATION.termsRequired).required(VALIDATION.termsRequired),
});

export const forgotPasswordSchema = yup.object({ email });

/** Server side of `POST /auth/reset-password`: the screen checks length ≥ 8 (spec), the server the policy. */
export const resetPasswordPayloadSchema = yup.object({
  token: yup.string().required('Token is required for password reset'),
  new_password: withPasswordPolicy(
    yup
      .string()
      .required(VALIDATION.passwordRequired)
      .min(LIMITS.passwordMin, 'Password must be at least 8 characters long'),
  ),
});

/** `POST /auth/profile/password`: new_password must equal confirmPassword (spec section 5). */
export const passwordChangeSchema = yup.object({
  current_password: yup.string().required('Current password is required'),
  new_password: withPasswordPolicy(
    yup.string().required('New password is required').min(LIMITS.passwordMin, VALIDATION.passwordMin),
  ),
  confirmPassword: yup
    .string()
    .required(VALIDATION.confirmRequired)
    .test('matches', 'New passwords do not match', function matches(value) {
      return !value || value === this.parent.new_password;
    }),
});

/** `POST /auth/2fa/enable` and `/auth/2fa/disable`: an authenticator or recovery code. */
export const twoFactorCodeSchema = yup.object({
  code: yup.string().trim().required('Code is required').max(64, 'Invalid code'),
});
