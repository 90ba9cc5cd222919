import * as yup from 'yup';
import { VALIDATION } from '../messages/validation-messages';
import { LIMITS } from './constants';

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

/** The password rules of Register, reused wherever a new password is chosen on the server. */
export const newPasswordSchema = yup
  .string()
  .required(VALIDATION.passwordRequired)
  .min(LIMITS.passwordMin, VALIDATION.passwordMin)
  .max(LIMITS.passwordMax, VALIDATION.passwordMax)
  .matches(COMPLEXITY, VALIDATION.passwordComplexity);

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

/** Server side of `POST /auth/reset-password`: the spec's only client rule is length ≥ 8. */
export const resetPasswordPayloadSchema = yup.object({
  token: yup.string().required('Token is required for password reset'),
  new_password: yup
    .string()
    .required(VALIDATION.passwordRequired)
    .min(LIMITS.passwordMin, 'Password must be at least 8 characters long')
    .max(LIMITS.passwordMax, VALIDATION.passwordMax),
});

/** `POST /auth/profile/password`: new_password must equal confirmPassword (spec section 5). */
export const passwordChangeSchema = yup.object({
  current_password: yup.string().required('Current password is required'),
  new_password: yup
    .string()
    .required('New password is required')
    .min(LIMITS.passwordMin, VALIDATION.passwordMin)
    .max(LIMITS.passwordMax, VALIDATION.passwordMax),
  confirmPassword: yup
    .string()
    .required(VALIDATION.confirmRequired)
    .test('matches', 'New passwords do not match', function matches(value) {
      return !value || value === this.parent.new_password;
    }),
});
