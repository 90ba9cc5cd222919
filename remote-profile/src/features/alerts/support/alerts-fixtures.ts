import type { AlertChannel, AlertSetup, TelegramCode } from '@synctrade/api';
import { AlertChannelSchema, AlertSetupSchema, TelegramCodeSchema } from '@synctrade/api/schemas';
import { serverShaped } from '@synctrade/test-utils';

const ALL_EVENTS: AlertChannel['events'] = [
  'copy_failed',
  'out_of_sync',
  'firm_rule',
  'leader_breach',
  'connection',
  'daily_summary',
];

/** A channel as `POST /alerts/discord` answers it (server test `channels.test.ts`). */
export function discordChannel(overrides: Partial<AlertChannel> = {}): AlertChannel {
  return serverShaped(AlertChannelSchema, {
    id: 7,
    kind: 'discord',
    label: 'Webhook 4001',
    created_at: '2026-12-03T07:00:00.000Z',
    events: ALL_EVENTS,
    ...overrides,
  });
}

export function telegramChannel(overrides: Partial<AlertChannel> = {}): AlertChannel {
  return serverShaped(AlertChannelSchema, {
    id: 9,
    kind: 'telegram',
    label: 'Tara',
    created_at: '2026-12-03T07:05:00.000Z',
    events: ALL_EVENTS,
    ...overrides,
  });
}

export function alertSetup(overrides: Partial<AlertSetup> = {}): AlertSetup {
  return serverShaped(AlertSetupSchema, {
    channels: [],
    telegram: true,
    out_of_sync_after_s: 30,
    webpush_key: null,
    ...overrides,
  });
}

export function telegramCode(): TelegramCode {
  return serverShaped(TelegramCodeSchema, {
    code: 'K7PQ2MXA',
    expires_at: '2026-12-03T07:20:00.000Z',
    bot: 'SyncTradeAlertsBot',
  });
}
