import type { AccountSummary, BrokerAccount, BrokerId } from '@synctrade/api/types';
import type { Db } from '../db/db';

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
