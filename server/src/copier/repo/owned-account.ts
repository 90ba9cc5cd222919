import { findOwnedAccount, findOwnedAccounts, type OwnedAccount } from '../../connections/accounts-repo';
import type { Db } from '../../db/db';
import { AppError } from '../../http/app-error';
import { MAX_ID, parseId } from '../../http/ids';

export type { OwnedAccount };

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** The caller's account with that id; another user's id answers 404 exactly like an unknown one. */
export async function ownedAccount(db: Db, userId: number, rawId: unknown): Promise<OwnedAccount> {
  const id = parseId(rawId, ACCOUNT_NOT_FOUND);
  const row = await findOwnedAccount(db, userId, id);
  if (row === undefined) throw AppError.notFound(ACCOUNT_NOT_FOUND);
  return row;
}

/**
 * The caller's accounts with these ids, in one query. Any id that is not the caller's (unknown, another
 * user's, out of range) answers 404 like a single unknown id, before anything is touched.
 */
export async function ownedAccounts(db: Db, userId: number, ids: readonly number[]): Promise<OwnedAccount[]> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_ID))
    throw AppError.notFound(ACCOUNT_NOT_FOUND);
  const rows = await findOwnedAccounts(db, userId, unique);
  if (rows.length !== unique.length) throw AppError.notFound(ACCOUNT_NOT_FOUND);
  return rows;
}

/** Waits for the engine to take a change in, but never keeps the request longer than `ms`. */
export async function settleWithin(work: Promise<unknown>, ms = 3_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  if (timer !== undefined) clearTimeout(timer);
}
