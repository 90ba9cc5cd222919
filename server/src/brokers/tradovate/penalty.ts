import { isRecord, optBoolean, optNumber, optString } from './json';

/** A penalty ticket: Tradovate refused the request for now and says when the same request may come back. */
export interface PenaltyTicket {
  ticket: string;
  waitMs: number;
  captcha: boolean;
}

export function penaltyOf(data: unknown): PenaltyTicket | null {
  if (!isRecord(data)) return null;
  const ticket = optString(data, 'p-ticket');
  if (ticket === undefined) return null;
  return {
    ticket,
    waitMs: Math.max(0, (optNumber(data, 'p-time') ?? 0) * 1000),
    captcha: optBoolean(data, 'p-captcha') === true,
  };
}
