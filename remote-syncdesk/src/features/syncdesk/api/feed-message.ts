import type { FeedMessage, SyncAccount } from '@synctrade/api';

const SIDES = new Set(['long', 'short', 'flat']);
const NUMBER_FIELDS = ['id', 'balance', 'avg_price', 'day_pnl', 'open_pnl', 'qty', 'ratio'] as const;
const STRING_FIELDS = ['account_id', 'account_name', 'connection_name', 'accounts', 'state'] as const;
const BOOLEAN_FIELDS = ['cross', 'is_master', 'is_follower'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const THROTTLE_NUMBERS = ['queued', 'target_qty', 'position', 'limit_per_minute'] as const;

/** Absent, null, or a follower's wait on its broker limit with every field the row shows. */
function isThrottle(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return (
    isRecord(value) &&
    THROTTLE_NUMBERS.every((key) => typeof value[key] === 'number' && Number.isFinite(value[key])) &&
    (value.next_send_at === null || typeof value.next_send_at === 'string')
  );
}

/** True when a feed row has every field the desk renders, with the right type. */
export function isSyncAccount(value: unknown): value is SyncAccount {
  if (!isRecord(value)) return false;
  return (
    NUMBER_FIELDS.every((key) => typeof value[key] === 'number' && Number.isFinite(value[key])) &&
    STRING_FIELDS.every((key) => typeof value[key] === 'string') &&
    BOOLEAN_FIELDS.every((key) => typeof value[key] === 'boolean') &&
    SIDES.has(value.side as string) &&
    isThrottle(value.throttle) &&
    (value.pace_warning === undefined ||
      value.pace_warning === null ||
      typeof value.pace_warning === 'string')
  );
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Reads one feed frame. Anything that is not JSON or not a known message shape answers null: the caller
 * logs and drops it, so a bad frame never breaks the desk. A message with one bad account is dropped
 * whole, because `account_data` replaces the list and a partial list would hide accounts.
 */
export function parseFeedMessage(raw: unknown): FeedMessage | null {
  if (typeof raw !== 'string') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(data) || typeof data.type !== 'string') return null;
  switch (data.type) {
    case 'account_data':
      return Array.isArray(data.accounts) &&
        data.accounts.every(isSyncAccount) &&
        (data.seq === undefined || isSeq(data.seq))
        ? (data as FeedMessage)
        : null;
    case 'account_delta':
      return Array.isArray(data.accounts) && data.accounts.every(isSyncAccount) && isSeq(data.seq)
        ? (data as FeedMessage)
        : null;
    case 'heartbeat':
    case 'notification':
    case 'quotes':
      // Known, and not the desk's business: other screens read them.
      return data as FeedMessage;
    default:
      return null;
  }
}
