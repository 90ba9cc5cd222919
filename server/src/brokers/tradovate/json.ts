/**
 * Broker JSON arrives as `unknown`; these readers validate field by field so a malformed reply becomes a
 * clear error instead of a crash or a silently wrong number.
 */
import { isRecord, type JsonRecord } from '../shared/json';

export { isRecord, type JsonRecord };

export class MalformedReplyError extends Error {
  constructor(what: string, value: unknown) {
    super(`Tradovate sent a malformed ${what}: ${preview(value)}`);
    this.name = 'MalformedReplyError';
  }
}

export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function asRecord(value: unknown, what: string): JsonRecord {
  if (!isRecord(value)) throw new MalformedReplyError(what, value);
  return value;
}

export function asArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new MalformedReplyError(what, value);
  return value;
}

/** Tradovate sends some collections as a single object or an array: accept both. */
export function oneOrMany(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function optNumber(record: JsonRecord, key: string): number | undefined {
  const value = record[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

export function reqNumber(record: JsonRecord, key: string, what: string): number {
  const value = optNumber(record, key);
  if (value === undefined) throw new MalformedReplyError(`${what} (no numeric "${key}")`, record);
  return value;
}

export function optString(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

export function optBoolean(record: JsonRecord, key: string): boolean | undefined {
  const value = record[key];
  return typeof value === 'boolean' ? value : undefined;
}

/** Epoch ms from an ISO timestamp, falling back to now when the broker omits it. */
export function timeOf(record: JsonRecord, key = 'timestamp'): number {
  const raw = record[key];
  const parsed = typeof raw === 'string' ? Date.parse(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isFinite(parsed) ? parsed : Date.now();
}
