import { FLATTEN_MAX_IDS } from '@synctrade/api/schemas';
import { AppError } from './app-error';

/**
 * The most items any list in a request may hold. A trader has at most a few hundred accounts; a longer list
 * is refused before any work is done, so one request can never hold the server up.
 */
export const MAX_LIST_ITEMS = FLATTEN_MAX_IDS;

/** Answers 400 naming the field when `value` is a list longer than `max`. */
export function assertListSize(value: unknown, name: string, max = MAX_LIST_ITEMS): void {
  if (Array.isArray(value) && value.length > max)
    throw AppError.badRequest(`${name} may hold at most ${max} items`);
}
