import type { CopyGroup, PropHeadroom, SyncAccount } from '@synctrade/api';
import { syncAccountFixture } from '@synctrade/test-utils';
import { nearestLimit, summarizeGroups } from './cockpit-summary';

const row = (id: number, overrides: Partial<SyncAccount> = {}): SyncAccount =>
  syncAccountFixture({ id, ...overrides });

function group(id: number, leader: number | null, followers: number[], paused = false): CopyGroup {
  return {
    id,
    name: `G${id}`,
    paused,
    first: id === 1,
    leader_account_id: leader,
    account_ids: [...(leader === null ? [] : [leader]), ...followers],
    follower_account_ids: followers,
    leader_breach: null,
  };
}

function headroom(accountId: number, overrides: Partial<PropHeadroom> = {}): PropHeadroom {
  return {
    account_id: accountId,
    firm: 'apex',
    preset: 'apex-50k-eod',
    floor: null,
    to_floor: null,
    to_daily_loss: null,
    day_pnl: null,
    minutes_to_flat_by: null,
    next_blackout: null,
    stopped: null,
    ...overrides,
  };
}

describe('copy cockpit summary', () => {
  const rows = [
    row(1, { is_master: true, day_pnl: 100.1 }),
    row(2, { is_follower: true, day_pnl: 50.2 }),
    row(3, { is_follower: true, day_pnl: -20.05, state: 'out_of_sync' }),
    row(4, { is_master: true, day_pnl: 10 }),
    row(5, {
      is_follower: true,
      throttle: { queued: 2, next_send_at: null, target_qty: 1, position: 0, limit_per_minute: 60 },
    }),
    row(6),
  ];

  it('when groups are summed up, then state, followers in sync and day P&L follow the rows', () => {
    expect(
      summarizeGroups(
        [group(1, 1, [2, 3]), group(2, 4, [5]), group(3, null, [6]), group(4, 6, [], true)],
        rows,
        [],
      ),
    ).toEqual([
      { id: 1, name: 'G1', state: 'copying', leaderName: 'Paper 1', followers: 2, inSync: 1, dayPnl: 130.25 },
      { id: 2, name: 'G2', state: 'throttled', leaderName: 'Paper 4', followers: 1, inSync: 1, dayPnl: 10 },
      { id: 3, name: 'G3', state: 'no leader', leaderName: null, followers: 1, inSync: 1, dayPnl: 0 },
      { id: 4, name: 'G4', state: 'paused', leaderName: 'Paper 6', followers: 0, inSync: 0, dayPnl: 0 },
    ]);
  });

  it('when the firm rules stopped a leader, then its group reads leader breached', () => {
    const [summary] = summarizeGroups([group(1, 1, [2])], rows, [
      headroom(1, { stopped: 'Daily loss limit reached' }),
    ]);
    expect(summary?.state).toBe('leader breached');
    const [byState] = summarizeGroups([group(1, 1, [2])], [row(1, { state: 'risk_stopped' }), row(2)], []);
    expect(byState?.state).toBe('leader breached');
  });

  it('when several limits are near, then the closest one is named in plain words', () => {
    const money = (amount: number): string => `$${amount.toFixed(2)}`;
    expect(
      nearestLimit(
        [
          headroom(2, { to_floor: 900, to_daily_loss: 420 }),
          headroom(3, { to_floor: 1500, minutes_to_flat_by: 12 }),
        ],
        rows,
        money,
      ),
    ).toEqual({ accountName: 'Paper 2', text: '$420.00 to the daily loss limit', distance: 420 });
    expect(nearestLimit([headroom(3, { minutes_to_flat_by: 1 })], rows, money)?.text).toBe(
      '1 minute to the flat-by time',
    );
    expect(nearestLimit([], rows, money)).toBeNull();
  });
});
