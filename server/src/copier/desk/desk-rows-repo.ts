import type { BrokerId, FollowerState } from '@synctrade/api/types';
import { batchedRead, perDb } from '../../db/batched-read';
import type { Db } from '../../db/db';

/** A Sync Desk row's stored part: the account's settings, its connection and its stored copy state. */
export interface DeskRow {
  id: number;
  user_id: number;
  external_id: string;
  name: string;
  connection_id: number;
  connection_name: string;
  broker: BrokerId;
  connection_status: 'connected' | 'reauth_required' | 'disconnected';
  connection_enabled: boolean;
  enabled: boolean;
  is_master: boolean;
  is_follower: boolean;
  ratio: number;
  cross: boolean;
  auto_sync: boolean;
  cash_balance: number;
  currency_symbol: string;
  stored_state: FollowerState | null;
  stored_reason: string | null;
  group_id: number | null;
  fixed_qty: number | null;
  copy_mode: 'mirror' | 'fills' | null;
  contracts: string[] | null;
}

// The desk table is read on every page load and feed change: the traders asking at the same time share one
// statement (see db/batched-read.ts).
const deskRowsByUser = perDb((db: Db) =>
  batchedRead<number, DeskRow[]>(async (userIds) => {
    const rows = await db.query<DeskRow>(
      `SELECT a.id, a.user_id, a.external_id, a.name, a.connection_id, c.name AS connection_name, c.broker,
              c.status AS connection_status, c.enabled AS connection_enabled, a.enabled, a.is_master, a.is_follower,
              a.ratio, a."cross", a.auto_sync, a.cash_balance, a.currency_symbol, s.state AS stored_state,
              s.reason AS stored_reason, g.group_id, fs.fixed_qty, fs.copy_mode, fs.contracts
       FROM broker_accounts a JOIN connections c ON c.id = a.connection_id
       LEFT JOIN copy_account_state s ON s.account_id = a.id
       LEFT JOIN copy_account_groups g ON g.account_id = a.id
       LEFT JOIN copy_follower_settings fs ON fs.account_id = a.id
       WHERE a.user_id = ANY($1::int[]) ORDER BY a.id`,
      [userIds],
    );
    const byUser = new Map<number, DeskRow[]>();
    for (const row of rows) {
      const list = byUser.get(Number(row.user_id));
      if (list) list.push(row);
      else byUser.set(Number(row.user_id), [row]);
    }
    return byUser;
  }, []),
);

/** The trader's desk rows in account id order. */
export function readDeskRows(db: Db, userId: number): Promise<DeskRow[]> {
  return deskRowsByUser(db)(userId);
}
