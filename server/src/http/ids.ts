import { MAX_ROW_ID } from '@synctrade/api/validation';
import { AppError } from './app-error';

export const MAX_ID = MAX_ROW_ID;

/**
 * A route's numeric id: a positive 32-bit integer written in plain digits. Anything else (`abc`, `-1`, `1.5`,
 * `99999999999`) cannot name a row, so it answers 404 like an unknown id instead of reaching the database.
 */
export function parseId(raw: unknown, notFound = 'Not found'): number {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) throw AppError.notFound(notFound);
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw AppError.notFound(notFound);
  return id;
}
