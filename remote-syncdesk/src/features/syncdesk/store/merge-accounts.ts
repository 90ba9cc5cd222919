import type { SyncAccount } from '@synctrade/api';

export interface AccountIndex {
  ids: number[];
  byId: Record<number, SyncAccount>;
}

/** A value, or a list of plain values (a follower's contracts) item by item. */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return (
    Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((item, i) => Object.is(item, b[i]))
  );
}

/**
 * Field by field; a nested object (a follower's throttle, its copy settings) by its own fields, since every frame
 * brings a new one.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(right);
  return keys.length === Object.keys(left).length && keys.every((key) => sameLeaf(left[key], right[key]));
}

function sameAccount(a: SyncAccount, b: SyncAccount): boolean {
  const keys = Object.keys(b) as (keyof SyncAccount)[];
  return keys.length === Object.keys(a).length && keys.every((key) => sameValue(a[key], b[key]));
}

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * Replaces the account list while keeping the previous object of every unchanged account (and the
 * previous id array when the order is the same), so memoized rows re-render only when their account changed.
 */
export function mergeAccounts(previous: AccountIndex, next: SyncAccount[]): AccountIndex {
  const byId: Record<number, SyncAccount> = {};
  const ids: number[] = [];
  for (const account of next) {
    const old = previous.byId[account.id];
    byId[account.id] = old && sameAccount(old, account) ? old : account;
    ids.push(account.id);
  }
  return { ids: sameIds(previous.ids, ids) ? previous.ids : ids, byId };
}

/**
 * Applies the accounts of a delta: each replaces the account with its id (an unchanged copy keeps the old
 * object). Ids the desk does not hold are ignored: a delta never adds rows (a new account comes in a full list).
 */
export function applyAccountChanges(previous: AccountIndex, changed: SyncAccount[]): AccountIndex {
  let byId: Record<number, SyncAccount> | null = null;
  for (const account of changed) {
    const old = previous.byId[account.id];
    if (!old || sameAccount(old, account)) continue;
    byId ??= { ...previous.byId };
    byId[account.id] = account;
  }
  return byId ? { ids: previous.ids, byId } : previous;
}

/** The accounts in table order. */
export function listAccounts(index: AccountIndex): SyncAccount[] {
  return index.ids
    .map((id) => index.byId[id])
    .filter((account): account is SyncAccount => account !== undefined);
}
