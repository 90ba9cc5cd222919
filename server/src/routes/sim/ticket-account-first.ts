import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ticketAccountIdSchema } from '@synctrade/api/validation';
import { findAccountWithConnection, type AccountWithConnection } from '../../connections/accounts-repo';
import type { Db } from '../../db/db';
import { AppError } from '../../http/app-error';
import { validateValue } from '../../http/validate';
import { ACCOUNT_NOT_FOUND } from '../../copier/repo/owned-account';

const found = new WeakMap<FastifyRequest, AccountWithConnection>();

/**
 * Finds the paper account a ticket names before the ticket's other fields are read (the payload's rules are
 * the last preHandler): a bad id, someone else's account or a live one answers before a bad contract does.
 */
export function ticketAccountFirst(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const given = (request.body as { account_id?: unknown } | null)?.account_id;
    const accountId = validateValue(ticketAccountIdSchema, given);
    const account = await findAccountWithConnection(db, request.user.id, accountId);
    if (account === undefined) throw AppError.notFound(ACCOUNT_NOT_FOUND);
    if (account.broker !== 'sim')
      throw AppError.badRequest('The order ticket works only on paper (sim) accounts');
    if (!account.enabled) throw AppError.badRequest('This account is disabled');
    found.set(request, account);
  };
}

/** The account `ticketAccountFirst` found for this request. */
export function ticketAccountOf(request: FastifyRequest): AccountWithConnection {
  const account = found.get(request);
  if (account === undefined) throw new Error('The ticket route reads its account without ticketAccountFirst');
  return account;
}
