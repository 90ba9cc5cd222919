import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/db';
import { ownedAccount, type OwnedAccount } from '../copier/repo/owned-account';

const found = new WeakMap<FastifyRequest, OwnedAccount>();

/**
 * Finds the caller's account named by `:id` before the payload's rules run (they are the last preHandler), so
 * an id that is not the caller's answers 404 whatever the body holds.
 */
export function ownedAccountFirst(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    found.set(request, await ownedAccount(db, request.user.id, (request.params as { id?: unknown }).id));
  };
}

/** The account `ownedAccountFirst` found for this request. */
export function accountOf(request: FastifyRequest): OwnedAccount {
  const account = found.get(request);
  if (account === undefined) throw new Error('The route reads its account without ownedAccountFirst');
  return account;
}
