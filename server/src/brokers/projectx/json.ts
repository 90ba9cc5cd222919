/** Narrowing helpers for the gateway's JSON. */

import { isRecord, type JsonRecord } from '../shared/json';

export { isRecord };
export type Json = JsonRecord;

export function num(record: Json, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function str(record: Json, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

export function list(record: Json, key: string): Json[] {
  const value = record[key];
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * A hub push's payloads: the gateway sends an entity flat, wrapped as `{action, data}`, or a list of either.
 * `action` 2 means the entity is gone.
 */
export function unwrapPush(args: unknown[]): Array<{ action: number | undefined; data: Json }> {
  const out: Array<{ action: number | undefined; data: Json }> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isRecord(value)) return;
    if (isRecord(value.data) && ('action' in value || Object.keys(value).length === 1))
      out.push({ action: num(value, 'action'), data: value.data });
    else out.push({ action: undefined, data: value });
  };
  args.forEach(visit);
  return out;
}
