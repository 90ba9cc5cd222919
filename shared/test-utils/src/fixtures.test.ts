import type { FeedMessage } from '@synctrade/api';
import { SyncAccountSchema } from '@synctrade/api/schemas';
import { feedMessage, serverShaped } from './fixtures';

const account = {
  id: 4,
  account_id: 'SIM-4',
  account_name: 'Paper 4',
  connection: 1,
  connection_name: 'Paper broker',
  accounts: 'Paper 4',
  broker_name: 'sim',
  side: 'long',
  balance: 50_000,
  avg_price: 6000.25,
  day_pnl: 12.5,
  open_pnl: 12.5,
  qty: 2,
  ratio: 1,
  cross: false,
  is_master: false,
  is_follower: true,
  enabled: true,
  auto_sync: true,
  state: 'ok',
  state_reason: null,
  currency_symbol: '$',
} as const;

describe('fixtures that stand in for the server', () => {
  it('when a fixture has the shape the server sends, then it is returned as it is', () => {
    expect(serverShaped(SyncAccountSchema, account)).toBe(account);
    const message: FeedMessage = {
      type: 'quotes',
      quotes: [{ id: 1, symbol: 'ESZ6', price: 6000, change: 0.1, dir: 'up' }],
    };
    expect(feedMessage(message)).toBe(message);
  });

  it('when a fixture has a value the server never sends, then building it throws what is wrong', () => {
    expect(() => serverShaped(SyncAccountSchema, { ...account, side: 'sideways' }, 'desk row')).toThrow(
      'The desk row does not match its schema: /side must be equal to one of the allowed values',
    );
    expect(() => serverShaped(SyncAccountSchema, { ...account, state_reason: undefined })).toThrow(
      "must have required property 'state_reason'",
    );
    expect(() =>
      feedMessage({ type: 'quotes', quotes: [{ id: 1, symbol: 'ES', price: 6000, change: 0.1, dir: 'up' }] }),
    ).toThrow('/quotes/0/symbol must match pattern');
    expect(() => feedMessage({ type: 'heartbeat', time: 'now' })).toThrow(
      '/time must match format "date-time"',
    );
  });
});
