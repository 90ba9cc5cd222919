import type { Db } from '../../db/db';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import { findOwnedAccount, leaderIdsOfUser } from '../../connections/accounts-repo';
import { GROUP_NOT_FOUND, ownedGroup } from '../repo/groups-repo';

/** The history's scope as the query names it: one account, one copy group, the leaders, or everything. */
export interface HistoryScopeQuery {
  account_id?: unknown;
  group_id?: unknown;
  scope?: unknown;
}

export const SCOPE_CONFLICT = 'Choose one of account_id, group_id or scope=leaders';

/**
 * The accounts whose trades the answer counts, or null for all of the trader's trades. A copier user's one trade
 * shows once per account that made it (the leader's and each copy): statistics over "all accounts" count copies,
 * so the trader narrows them here. Another trader's account or group answers 404 like an unknown one.
 */
export async function historyAccounts(
  db: Db,
  userId: number,
  query: HistoryScopeQuery,
): Promise<readonly number[] | null> {
  const scope = query.scope ?? 'all';
  if (scope !== 'all' && scope !== 'leaders') throw AppError.badRequest('scope must be all or leaders');
  const chosen = [query.account_id, query.group_id, scope === 'leaders' ? scope : undefined];
  if (chosen.filter((value) => value !== undefined).length > 1) throw AppError.badRequest(SCOPE_CONFLICT);
  if (query.account_id !== undefined) {
    const accountId = parseId(query.account_id, 'Account not found');
    if ((await findOwnedAccount(db, userId, accountId)) === undefined)
      throw AppError.notFound('Account not found');
    return [accountId];
  }
  if (query.group_id !== undefined) {
    const group = await ownedGroup(db, userId, parseId(query.group_id, GROUP_NOT_FOUND));
    return group.account_ids;
  }
  if (scope === 'leaders') return leaderIdsOfUser(db, userId);
  return null;
}
