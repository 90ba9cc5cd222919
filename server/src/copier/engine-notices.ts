import type { NotificationKind } from '@synctrade/api/types';
import type { AlertEventName } from '@synctrade/api/validation';
import type { EngineOutcome } from './engine/outcomes';

export interface Notice {
  kind: NotificationKind;
  title: string;
  message: string;
  /** The alert event it is, when its kind alone does not tell (alerts/events.ts); null: no alert. */
  alert?: AlertEventName | null;
}

function lagWords(seconds: number): string {
  if (seconds === 0) return 'a moment';
  if (seconds < 120) return `${seconds} s`;
  return `${Math.round(seconds / 60)} min`;
}

/** The words a user reads for each thing the copy engine reports. */
export function noticeOf(outcome: EngineOutcome): Notice {
  switch (outcome.kind) {
    case 'out_of_sync':
      return {
        kind: 'out_of_sync',
        title: `${outcome.accountName} is out of sync`,
        message: `${outcome.differences}. Press Sync on the desk to correct it.`,
        // The alert waits for the trader's setting: the `lagging` notice below, if it is still out of sync then.
        alert: null,
      };
    case 'risk_stop':
      return {
        kind: 'risk_stop',
        title: `${outcome.accountName} stopped following`,
        message: `${outcome.reason}. The account was flattened and no longer copies the leader.`,
      };
    case 'firm_rule':
      return {
        kind: 'risk_stop',
        title: outcome.stopped
          ? `${outcome.accountName} stopped following`
          : `${outcome.accountName} flattened`,
        message: outcome.stopped
          ? `${outcome.reason}. The account was flattened and no longer copies the leader.`
          : `${outcome.reason}. The account was flattened; its exits still follow the leader.`,
      };
    case 'leader_breach':
      return {
        kind: 'risk_stop',
        title: `${outcome.accountName} broke its firm rule`,
        message: outcome.reason,
      };
    case 'lagging': {
      const what = outcome.state === 'rate_limited' ? 'throttled' : 'out of sync';
      return {
        kind: 'out_of_sync',
        title: `${outcome.accountName} ${what} for ${lagWords(outcome.lagSeconds)}`,
        message: `${outcome.reason.replace(/\.$/, '')}. Open the desk to see it.`,
        alert: 'out_of_sync',
      };
    }
    case 'copy_rate_limited':
      return {
        kind: 'copy_failed',
        title: `Copy to ${outcome.accountName} rate limited`,
        message: outcome.reason,
        // The copy was not sent: a failed copy.
        alert: 'copy_failed',
      };
    case 'copy_failed':
      return {
        kind: 'copy_failed',
        title: `Copy to ${outcome.accountName} failed`,
        message: `${outcome.side === 'buy' ? 'Buy' : 'Sell'} ${outcome.qty} ${outcome.symbol}: ${outcome.reason}`,
      };
    case 'connection_lost':
      return {
        kind: 'broker_disconnected',
        title: 'Broker disconnected',
        message: outcome.reason ?? 'The broker connection dropped; copying resumes when it is back.',
      };
    case 'reauth_required':
      return {
        kind: 'broker_disconnected',
        title: 'Broker authorization expired',
        message: `${outcome.reason}. Connect the broker again.`,
      };
  }
}
