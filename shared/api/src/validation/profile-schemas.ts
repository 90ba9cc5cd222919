import * as yup from 'yup';
import { VALIDATION } from '../messages/validation-messages';
import { LIMITS } from './constants';

export const profileUpdateSchema = yup.object({
  username: yup.string().trim().max(50, VALIDATION.usernameMax).default(''),
  first_name: yup.string().trim().max(50, VALIDATION.nameMax).default(''),
  last_name: yup.string().trim().max(50, VALIDATION.nameMax).default(''),
  bio: yup.string().max(LIMITS.bioMax, VALIDATION.bioMax).default(''),
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
