import type { BrokerAccountInfo } from '../types';
import { asArray, asRecord, isRecord, optBoolean, optNumber, optString, reqNumber } from './json';
import type { IpBudget } from './ip-budget';
import type { TradovateRest } from './rest-client';

/** A Tradovate account as the adapter needs it: the id for requests and the name for `accountSpec`. */
export interface TradovateAccount {
  id: number;
  name: string;
  active: boolean;
}

export function parseAccount(value: unknown): TradovateAccount {
  const record = asRecord(value, 'account');
  const closed = optBoolean(record, 'closed') === true;
  return {
    id: reqNumber(record, 'id', 'account'),
    name: optString(record, 'name') ?? String(record.id),
    active: optBoolean(record, 'active') !== false && !closed,
  };
}

export async function fetchAccounts(rest: TradovateRest): Promise<TradovateAccount[]> {
  const list = asArray(await rest.call({ method: 'GET', path: 'account/list' }), 'account list');
  return list.map(parseAccount);
}

/** Balance once, at connect time; afterwards the feed's cashBalance events keep it current. */
export async function fetchCashBalance(rest: TradovateRest, accountId: number): Promise<number> {
  const data = await rest.call({
    method: 'POST',
    path: 'cashBalance/getcashbalancesnapshot',
    body: { accountId },
  });
  const record = isRecord(data) ? data : {};
  return (
    optNumber(record, 'totalCashValue') ?? optNumber(record, 'netLiq') ?? optNumber(record, 'amount') ?? 0
  );
}

export async function listAccountsWithBalances(rest: TradovateRest): Promise<BrokerAccountInfo[]> {
  const accounts = await fetchAccounts(rest);
  return Promise.all(
    accounts.map(async (account) => ({
      externalId: String(account.id),
      name: account.name,
      currency: 'USD',
      currencySymbol: '$',
      cashBalance: await fetchCashBalance(rest, account.id),
      active: account.active,
    })),
  );
}

export interface TradovateMe {
  userId: number;
  userData: string;
}

/** `auth/me`: Tradovate counts its failed calls per IP (10 an hour), so a failure is told to the budget. */
export async function fetchMe(rest: TradovateRest, ipBudget: IpBudget): Promise<TradovateMe> {
  await ipBudget.take('auth/me', 5_000);
  let reply: unknown;
  try {
    reply = await rest.call({ method: 'GET', path: 'auth/me' });
  } catch (error: unknown) {
    ipBudget.failed('auth/me');
    throw error;
  }
  const me = asRecord(reply, 'auth/me reply');
  const userId = reqNumber(me, 'userId', 'auth/me reply');
  const name = optString(me, 'fullName') ?? optString(me, 'name') ?? `Tradovate user ${userId}`;
  const email = optString(me, 'email');
  return { userId, userData: email ? `${name} (${email})` : name };
}
