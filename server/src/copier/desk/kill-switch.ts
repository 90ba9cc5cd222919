import type { FastifyInstance } from 'fastify';
import { KILL_SWITCH_MESSAGE } from '@synctrade/api/messages';
import type { KillSwitchPayload } from '@synctrade/api/types';
import { CODE_ALREADY_USED, consumeSecondFactor, INVALID_CODE } from '../../auth/two-factor';
import { findUserById } from '../../auth/users';
import { accountName } from '../../connections/accounts-repo';
import { AppError } from '../../http/app-error';
import type { CopyEngine } from '../engine/engine';
import { ownedGroup } from '../repo/groups-repo';
import { ownedAccount, ownedAccounts, settleWithin } from '../repo/owned-account';
import { disableAllFollowers } from '../repo/settings-repo';
import { cancelAllOrders, flattenAccounts } from './desk-actions';

/** The accounts a kill switch acts on, and those of them that follow a leader. */
interface Target {
  name: string;
  accountIds: number[];
  followerIds: number[];
}

async function targetOf(app: FastifyInstance, userId: number, payload: KillSwitchPayload): Promise<Target> {
  if (payload.group_id !== undefined) {
    const group = await ownedGroup(app.db, userId, payload.group_id);
    return { name: group.name, accountIds: group.account_ids, followerIds: group.follower_account_ids };
  }
  const account = await ownedAccount(app.db, userId, String(payload.account_id));
  return {
    name: (await accountName(app.db, userId, account.id)) ?? 'the account',
    accountIds: [account.id],
    followerIds: account.is_follower && !account.is_master ? [account.id] : [],
  };
}

/** With two-factor authentication on, nothing is touched without a current code (or an unused recovery code). */
async function confirmSecondFactor(
  app: FastifyInstance,
  userId: number,
  code: string | undefined,
): Promise<void> {
  const user = await findUserById(app.db, userId);
  if (!user) throw AppError.unauthorized();
  if (!user.two_factor_enabled) return;
  if (code === undefined || code.trim() === '') throw AppError.badRequest(KILL_SWITCH_MESSAGE.codeRequired);
  const result = await consumeSecondFactor(app, user, code.trim());
  if (result !== 'accepted')
    throw AppError.badRequest(result === 'already-used' ? CODE_ALREADY_USED : INVALID_CODE);
}

/**
 * The phone kill switch. Following stops first, so no copy reopens what is being closed; then working orders are
 * canceled (a bracket leg left working would reopen a position); then positions are flattened, the leader first.
 * Answers what was done, and what failed account by account.
 */
export async function runKillSwitch(
  app: FastifyInstance,
  engine: CopyEngine,
  userId: number,
  payload: KillSwitchPayload,
): Promise<string> {
  const target = await targetOf(app, userId, payload);
  await confirmSecondFactor(app, userId, payload.code);
  const done: string[] = [];
  if (payload.stop_following) {
    await disableAllFollowers(app.db, target.followerIds);
    await settleWithin(engine.refreshUser(userId));
    done.push(`${target.followerIds.length} follower${target.followerIds.length === 1 ? '' : 's'} stopped`);
  }
  if (payload.cancel_orders) {
    const canceled = await cancelAllOrders(engine, userId, new Set(target.accountIds));
    done.push(`${canceled} working order${canceled === 1 ? '' : 's'} canceled`);
  }
  let failures: string[] = [];
  if (payload.flatten) {
    const accounts =
      target.accountIds.length === 0 ? [] : await ownedAccounts(app.db, userId, target.accountIds);
    failures = await flattenAccounts(engine, userId, accounts);
    done.push(`${accounts.length - failures.length} account${accounts.length === 1 ? '' : 's'} flattened`);
  }
  const summary = `Kill switch done for ${target.name}: ${done.join(', ')}`;
  return failures.length === 0 ? summary : `${summary} (failed: ${failures.join('; ')})`;
}
