import type { FollowerState, FollowerThrottle, SyncAccount } from '@synctrade/api/types';
import type { Db } from '../../db/db';
import type { CopyEngine } from '../engine/engine';
import { roundMoney } from '@synctrade/market';
import { readDeskRows, type DeskRow } from './desk-rows-repo';
import { paceWarningText } from './pace-warning';

/** The Sync Desk rows: settings from the database, positions, balances and states live from the engine. */
export async function deskAccounts(db: Db, engine: CopyEngine, userId: number): Promise<SyncAccount[]> {
  const rows = await readDeskRows(db, userId);
  return rows.map((row) => {
    const live = engine.live.get(row.id);
    // The desk shows one position per account: the largest one held.
    let main: { netPos: number; avgPrice: number } | undefined;
    for (const position of live?.positions.values() ?? []) {
      if (position.netPos !== 0 && (main === undefined || Math.abs(position.netPos) > Math.abs(main.netPos)))
        main = position;
    }
    const snapshot = live?.snapshot ?? null;
    const { state, reason } = stateOf(row, live?.status);
    return {
      id: row.id,
      account_id: row.external_id,
      account_name: row.name,
      connection: row.connection_id,
      connection_name: row.connection_name,
      accounts: row.name,
      broker_name: row.broker,
      side: main === undefined ? 'flat' : main.netPos > 0 ? 'long' : 'short',
      balance: roundMoney(snapshot?.cashBalance ?? Number(row.cash_balance)),
      avg_price: main === undefined ? 0 : roundMoney(main.avgPrice),
      day_pnl: roundMoney(snapshot === null ? 0 : snapshot.realizedPnl + snapshot.openPnl),
      open_pnl: roundMoney(snapshot?.openPnl ?? 0),
      qty: main === undefined ? 0 : Math.abs(main.netPos),
      ratio: Number(row.ratio),
      cross: row.cross,
      is_master: row.is_master,
      is_follower: row.is_follower && !row.is_master,
      enabled: row.enabled && row.connection_enabled,
      auto_sync: row.auto_sync,
      state,
      state_reason: reason,
      currency_symbol: row.currency_symbol,
      throttle: throttleRow(engine, row.id),
      pace_warning: paceWarning(engine, row),
      group_id: row.group_id,
      copy_settings: {
        fixed_qty: row.fixed_qty,
        copy_mode: row.copy_mode ?? 'mirror',
        contracts: row.contracts ?? [],
      },
    };
  });
}

function stateOf(
  row: DeskRow,
  live: { state: FollowerState; reason: string | null } | undefined,
): { state: FollowerState; reason: string | null } {
  if (row.connection_status === 'reauth_required')
    return { state: 'reauth_required', reason: 'The broker authorization expired: connect it again' };
  if (!row.connection_enabled) return { state: 'disconnected', reason: 'The connection is disabled' };
  if (live !== undefined && live.state !== 'ok') return live;
  if (row.stored_state === 'risk_stopped' && !row.is_follower)
    return { state: 'risk_stopped', reason: row.stored_reason };
  return { state: 'ok', reason: null };
}

/** A follower waiting on its login's request budget: what waits, when the next request goes, where it converges. */
function throttleRow(engine: CopyEngine, accountId: number): FollowerThrottle | null {
  const throttle = engine.throttleOf(accountId);
  if (throttle === null) return null;
  return {
    queued: throttle.queued,
    next_send_at: new Date(throttle.nextSendAt).toISOString(),
    target_qty: throttle.targetQty,
    position: throttle.position,
    limit_per_minute: throttle.limitPerMinute,
  };
}

function paceWarning(engine: CopyEngine, row: DeskRow): string | null {
  const shortfall = engine.paceShortfallOf(row.id);
  return shortfall === null ? null : paceWarningText(shortfall, row.broker);
}
