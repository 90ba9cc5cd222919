import * as yup from 'yup';
import { VALIDATION } from '../messages/validation-messages';
import { LIMITS } from './constants';

const COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/;

const email = yup.string().trim().email(VALIDATION.emailInvalid).required(VALIDATION.emailRequired);

/** Sign In (spec section 5). The terms checkbox is checked at submit with a toast, not here. */
export const loginSchema = yup.object({
  email,
  password: yup.string().min(LIMITS.passwordMin, VALIDATION.passwordMin).required(VALIDATION.passwordRequired),
});

/** The password rules of Register, reused wherever a new password is chosen on the server. */
export const newPasswordSchema = yup
  .string()
  .min(LIMITS.passwordMin, VALIDATION.passwordMin)
  .max(LIMITS.passwordMax, VALIDATION.passwordMax)
  .required(VALIDATION.passwordRequired)
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
    .oneOf([yup.ref('password')], VALIDATION.passwordsMustMatch),
  terms: yup.boolean().oneOf([true], VALIDATION.termsRequired).required(VALIDATION.termsRequired),
});

export const forgotPasswordSchema = yup.object({ email });

/** Server side of `POST /auth/reset-password`: the spec's only client rule is length ≥ 8. */
export const resetPasswordPayloadSchema = yup.object({
  token: yup.string().required('Token is required for password reset'),
  new_password: yup
    .string()
    .min(LIMITS.passwordMin, 'Password must be at least 8 characters long')
    .max(LIMITS.passwordMax, VALIDATION.passwordMax)
    .required(VALIDATION.passwordRequired),
});

/** `POST /auth/profile/password`: new_password must equal confirmPassword (spec section 5). */
export const passwordChangeSchema = yup.object({
  current_password: yup.string().required('Current password is required'),
  new_password: yup
    .string()
    .min(LIMITS.passwordMin, VALIDATION.passwordMin)
    .max(LIMITS.passwordMax, VALIDATION.passwordMax)
    .required('New password is required'),
  confirmPassword: yup
    .string()
    .required(VALIDATION.confirmRequired)
    .oneOf([yup.ref('new_password')], 'New passwords do not match'),
});
