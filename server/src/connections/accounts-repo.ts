import type { AccountSummary, BrokerAccount, BrokerId } from '@synctrade/api/types';
import type { BrokerAccountInfo } from '../brokers/types';
import type { Db } from '../db/db';

/**
 * The owner of `broker_accounts`: the one module whose SQL reads or writes the table on its own terms. Every
 * INSERT, UPDATE and DELETE of an account row is here (lint refuses one anywhere else under `src/`), the copier's
 * settings columns (leader, follower, ratio, Cross, auto-sync) included; other features call these named
 * functions, passing their transaction's `Db` when the statement belongs to it. A few reads keep a JOIN, EXISTS
 * or count on the table inside a statement of their own, read-only: the connections list, the desk rows, the
 * orders list, the trade history (names copied into its rows), the engine's load of a user and the copier's check
 * that a claimed account still exists. Split, each would cost a statement and lose the one snapshot it reads in.
 */

interface AccountRow {
  id: number;
  name: string;
  currency: string;
  currency_symbol: string;
  cash_balance: number;
  active: boolean;
  enabled: boolean;
  connection_id: number;
  connection_name: string;
  broker: BrokerId;
}

function toAccount(row: AccountRow): BrokerAccount {
  return {
    id: row.id,
    account_name: row.name,
    currency_name: row.currency,
    currency_symbol: row.currency_symbol,
    cash_balance: Number(row.cash_balance),
    active: row.active,
    enabled: row.enabled,
  };
}

const SELECT = `SELECT a.id, a.name, a.currency, a.currency_symbol, a.cash_balance, a.active, a.enabled,
  a.connection_id, c.name AS connection_name, c.broker
  FROM broker_accounts a JOIN connections c ON c.id = a.connection_id`;

export async function listConnectionAccounts(
  db: Db,
  userId: number,
  connectionId: number,
): Promise<BrokerAccount[]> {
  const rows = await db.query<AccountRow>(
    `${SELECT} WHERE a.connection_id = $1 AND a.user_id = $2 ORDER BY a.id`,
    [connectionId, userId],
  );
  return rows.map(toAccount);
}

export async function listUserAccounts(db: Db, userId: number): Promise<AccountSummary[]> {
  const rows = await db.query<AccountRow>(`${SELECT} WHERE a.user_id = $1 ORDER BY a.connection_id, a.id`, [
    userId,
  ]);
  return rows.map((row) => ({
    ...toAccount(row),
    connection_id: row.connection_id,
    connection_name: row.connection_name,
    broker_name: row.broker,
  }));
}

/** False when the account is not the user's. */
export async function setAccountEnabled(
  db: Db,
  userId: number,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE broker_accounts SET enabled = $3, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId, enabled],
  );
  return rows.length > 0;
}

export async function setConnectionAccountsEnabled(
  db: Db,
  userId: number,
  connectionId: number,
  enabled: boolean,
): Promise<void> {
  await db.query(
    'UPDATE broker_accounts SET enabled = $3, updated_at = now() WHERE connection_id = $1 AND user_id = $2',
    [connectionId, userId, enabled],
  );
}

/** An account of the user with its connection's broker and how to open a session on it (paper ticket, ledger). */
export interface AccountWithConnection {
  external_id: string;
  broker: string;
  credentials: string;
  environment: 'demo' | 'live';
  connection_id: number;
  /** The account and its connection are both enabled. */
  enabled: boolean;
}

/** Undefined when the account is not the user's. */
export async function findAccountWithConnection(
  db: Db,
  userId: number,
  accountId: number,
): Promise<AccountWithConnection | undefined> {
  const [account] = await db.query<AccountWithConnection>(
    `SELECT a.external_id, c.broker, c.credentials, c.environment, c.id AS connection_id,
            (a.enabled AND c.enabled) AS enabled
     FROM broker_accounts a JOIN connections c ON c.id = a.connection_id WHERE a.id = $1 AND a.user_id = $2`,
    [accountId, userId],
  );
  return account;
}

/** A new connection's accounts, stored in the caller's transaction; an account already there is left as it is. */
export async function insertConnectionAccounts(
  db: Db,
  userId: number,
  connectionId: number,
  accounts: readonly BrokerAccountInfo[],
): Promise<void> {
  for (const account of accounts) {
    await db.query(
      `INSERT INTO broker_accounts
         (connection_id, user_id, external_id, name, currency, currency_symbol, cash_balance, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (connection_id, external_id) DO NOTHING`,
      [
        connectionId,
        userId,
        account.externalId,
        account.name,
        account.currency,
        account.currencySymbol,
        account.cashBalance,
        account.active,
      ],
    );
  }
}

/** The ids of the connection's accounts. */
export async function accountIdsOfConnection(db: Db, connectionId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM broker_accounts WHERE connection_id = $1', [
    connectionId,
  ]);
  return rows.map((row) => row.id);
}

/** The broker's ids of the connection's accounts. */
export async function externalIdsOfConnection(db: Db, connectionId: number): Promise<string[]> {
  const rows = await db.query<{ external_id: string }>(
    'SELECT external_id FROM broker_accounts WHERE connection_id = $1',
    [connectionId],
  );
  return rows.map((row) => row.external_id);
}

/** The account's name when it is the user's. */
export async function accountName(db: Db, userId: number, accountId: number): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>(
    'SELECT name FROM broker_accounts WHERE id = $1 AND user_id = $2',
    [accountId, userId],
  );
  return row?.name;
}

/** An account of the user with its copier roles and its connection's broker. */
export interface OwnedAccount {
  id: number;
  is_master: boolean;
  is_follower: boolean;
  broker: string;
}

const OWNED = `SELECT a.id, a.is_master, a.is_follower, c.broker FROM broker_accounts a JOIN connections c ON c.id = a.connection_id`;

/** Undefined when the account is not the user's. */
export async function findOwnedAccount(
  db: Db,
  userId: number,
  accountId: number,
): Promise<OwnedAccount | undefined> {
  const [row] = await db.query<OwnedAccount>(`${OWNED} WHERE a.id = $1 AND a.user_id = $2`, [
    accountId,
    userId,
  ]);
  return row;
}

/** Those of the accounts that are the user's, in id order. */
export async function findOwnedAccounts(
  db: Db,
  userId: number,
  accountIds: readonly number[],
): Promise<OwnedAccount[]> {
  return db.query<OwnedAccount>(`${OWNED} WHERE a.id = ANY($1::int[]) AND a.user_id = $2 ORDER BY a.id`, [
    accountIds,
    userId,
  ]);
}

/** An account on a paper (`sim`) connection, any user's. */
export interface PaperAccount {
  id: number;
  user_id: number;
  external_id: string;
  is_master: boolean;
}

/** Every account on a paper connection. */
export function paperAccounts(db: Db): Promise<PaperAccount[]> {
  return db.query<PaperAccount>(
    `SELECT a.id, a.user_id, a.external_id, a.is_master
     FROM broker_accounts a JOIN connections c ON c.id = a.connection_id AND c.broker = 'sim'`,
  );
}

// The copier's settings of an account. The copier decides them (copier/repo/settings-repo.ts); they are stored here.

/** The traders who have at least one broker account, in id order. */
export async function usersWithAccounts(db: Db): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    'SELECT DISTINCT user_id FROM broker_accounts ORDER BY user_id',
  );
  return rows.map((row) => row.user_id);
}

/** The ids of the user's leaders (one per copy group at most). */
export async function leaderIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM broker_accounts WHERE user_id = $1 AND is_master ORDER BY id',
    [userId],
  );
  return rows.map((row) => row.id);
}

/** The ids of the followers among these accounts of the user (one copy group's), `exceptId` left out. */
export async function followerIdsAmong(
  db: Db,
  userId: number,
  accountIds: readonly number[],
  exceptId: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM broker_accounts WHERE user_id = $1 AND id = ANY($2::int[]) AND is_follower AND id <> $3',
    [userId, accountIds, exceptId],
  );
  return rows.map((row) => row.id);
}

/**
 * Makes the account the leader among `groupIds` (its copy group's accounts), in the caller's transaction: the
 * group's old leader becomes a plain account, the new one is not a follower. Other groups keep their leaders.
 */
export async function setLeaderRole(
  db: Db,
  userId: number,
  groupIds: readonly number[],
  accountId: number,
): Promise<void> {
  await db.query(
    'UPDATE broker_accounts SET is_master = false, is_follower = false, updated_at = now() WHERE user_id = $1 AND id = ANY($3::int[]) AND is_master AND id <> $2',
    [userId, accountId, groupIds],
  );
  await db.query(
    'UPDATE broker_accounts SET is_master = true, is_follower = false, updated_at = now() WHERE id = $1',
    [accountId],
  );
}

/** The account leads no group any more. */
export async function clearLeaderRole(db: Db, accountId: number): Promise<void> {
  await db.query('UPDATE broker_accounts SET is_master = false, updated_at = now() WHERE id = $1', [
    accountId,
  ]);
}

/** Flips the account's follow switch. */
export async function toggleFollowerRole(db: Db, accountId: number): Promise<void> {
  await db.query(
    'UPDATE broker_accounts SET is_follower = NOT is_follower, updated_at = now() WHERE id = $1',
    [accountId],
  );
}

/** The account stops following. */
export async function clearFollowerRole(db: Db, accountId: number): Promise<void> {
  await db.query('UPDATE broker_accounts SET is_follower = false, updated_at = now() WHERE id = $1', [
    accountId,
  ]);
}

/** None of the user's accounts follows any more. */
export async function clearFollowerRoles(db: Db, accountIds: readonly number[]): Promise<void> {
  await db.query(
    'UPDATE broker_accounts SET is_follower = false, updated_at = now() WHERE id = ANY($1::int[]) AND is_follower',
    [accountIds],
  );
}

export async function setAccountRatio(db: Db, accountId: number, ratio: number): Promise<void> {
  await db.query('UPDATE broker_accounts SET ratio = $2, updated_at = now() WHERE id = $1', [
    accountId,
    ratio,
  ]);
}

export async function setAccountCross(db: Db, accountId: number, cross: boolean): Promise<void> {
  await db.query('UPDATE broker_accounts SET "cross" = $2, updated_at = now() WHERE id = $1', [
    accountId,
    cross,
  ]);
}

export async function setAccountAutoSync(db: Db, accountId: number, autoSync: boolean): Promise<void> {
  await db.query('UPDATE broker_accounts SET auto_sync = $2, updated_at = now() WHERE id = $1', [
    accountId,
    autoSync,
  ]);
}
