import type { NotifyInput } from '../types/fastify';

import { ALERT_EVENTS, type AlertEventName } from '@synctrade/api/validation';

export { ALERT_EVENTS };
export type AlertEvent = AlertEventName;

/** What one alert says: no token, no key, no webhook URL; `url` opens the screen it is about. */
export interface AlertPayload {
  title: string;
  text: string;
  url: string;
}

/** Where each event's alert links to, under PUBLIC_URL. */
const SCREEN: Record<AlertEvent, string> = {
  copy_failed: '/syncdesk',
  out_of_sync: '/syncdesk',
  firm_rule: '/syncdesk',
  leader_breach: '/syncdesk',
  connection: '/connections',
  daily_summary: '/trade-history',
};

export function screenOf(event: AlertEvent, publicUrl: string): string {
  return `${publicUrl}${SCREEN[event]}`;
}

/**
 * The alert event of a notification the server raised, or null for one no channel receives (`info`). The copy
 * engine's notices (copier/engine-notices.ts) share a notification kind between a firm rule and a leader breach;
 * their titles tell them apart, so the engine need not change.
 */
export function eventOfNotification(input: NotifyInput): AlertEvent | null {
  if (input.alert !== undefined) return input.alert;
  switch (input.kind) {
    case 'copy_failed':
      return 'copy_failed';
    case 'out_of_sync':
      return 'out_of_sync';
    case 'broker_disconnected':
      return 'connection';
    case 'risk_stop':
      return input.title.endsWith('broke its firm rule') ? 'leader_breach' : 'firm_rule';
    case 'info':
      return input.title.startsWith('Daily summary') ? 'daily_summary' : null;
  }
}
