import * as yup from 'yup';
import { VALIDATION } from '../messages/validation-messages';
import { LIMITS } from './constants';

const username = yup.string().trim().max(50, VALIDATION.usernameMax);

/** The server's rule for `PUT /auth/profile`: a partial update that leaves the name out keeps it. */
export const profileUpdateSchema = yup.object({
  // No default, so a missing name stays missing; a name that is sent may not be blank.
  username: username.test(
    'username-not-blank',
    VALIDATION.usernameRequired,
    (value) => value === undefined || value.length > 0,
  ),
  first_name: yup.string().trim().max(50, VALIDATION.nameMax).default(''),
  last_name: yup.string().trim().max(50, VALIDATION.nameMax).default(''),
  bio: yup.string().max(LIMITS.bioMax, VALIDATION.bioMax).default(''),
});

/** The profile form sends every field (Formik validates an empty input as missing): the name is required. */
export const profileFormSchema = profileUpdateSchema.shape({
  username: username.required(VALIDATION.usernameRequired),
});

/** Checks a picked photo by its name, type and size: JPG, JPEG, PNG up to 20 MB. Returns the message or null. */
export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!LIMITS.photoTypes.includes(file.type) || !LIMITS.photoExtensions.includes(extension)) {
    return VALIDATION.photoType;
  }
  if (file.size > LIMITS.photoMaxBytes) return VALIDATION.photoSize;
  return null;
}
