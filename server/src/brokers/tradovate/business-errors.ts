import { BrokerError } from '../types';
import { isRecord, optString } from './json';

/**
 * Tradovate reports business failures inside HTTP 200 bodies (`failureReason`, `failureText`, `errorText`,
 * `violations`), so every answer is checked; this turns them into one clear, per-order rejection.
 */
export function businessError(data: unknown): BrokerError | null {
  if (!isRecord(data)) return null;
  const parts: string[] = [];
  const reason = optString(data, 'failureReason');
  const failureText = optString(data, 'failureText');
  const errorText = optString(data, 'errorText');
  if (reason && reason !== 'Success') parts.push(humanReason(reason));
  if (failureText) parts.push(failureText);
  if (errorText) parts.push(errorText);
  const violations = data.violations;
  if (Array.isArray(violations)) {
    for (const violation of violations) {
      if (isRecord(violation)) {
        const text =
          optString(violation, 'text') ?? optString(violation, 'description') ?? optString(violation, 'name');
        parts.push(text ?? JSON.stringify(violation));
      } else if (typeof violation === 'string') parts.push(violation);
    }
  }
  if (parts.length === 0) return null;
  return new BrokerError(`Tradovate rejected the request: ${[...new Set(parts)].join('; ')}`, 'rejected');
}

const reasons: Record<string, string> = {
  AccountClosed: 'the account is closed',
  InvalidPrice: 'the price is invalid',
  MaxPosLimitReached: 'the maximum position limit is reached',
  SessionClosed: 'the trading session is closed',
  TradingLocked: 'trading is locked on this account',
  Unauthorized: 'not authorized for this account',
  UnknownReason: 'unknown reason',
};

function humanReason(reason: string): string {
  return reasons[reason] ? `${reasons[reason]} (${reason})` : reason;
}
