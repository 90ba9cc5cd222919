import type { AccountIndex } from './merge-accounts';

export interface AccountName {
  id: number;
  /** `Account (Connection)`, or `#id` for an id without a row. */
  name: string;
}

/** The names the guard panel shows, with what they were made of (to tell cheaply whether they still hold). */
export interface AccountNames {
  readonly list: readonly AccountName[];
  /** Per entry: the row's account and connection names, or null for an id without a row. */
  readonly parts: ReadonlyArray<readonly [string, string] | null>;
}

export const NO_ACCOUNT_NAMES: AccountNames = { list: [], parts: [] };

/**
 * The desk's accounts as the guard panel names them, in desk order. Answers `previous` itself when no id, order
 * or name changed: live updates replace every row many times a second, and the panel must not re-render for a P&L.
 * Compared field by field, without building a text per account, since it runs on every store change.
 */
export function accountNames(previous: AccountNames, index: AccountIndex): AccountNames {
  const { ids, byId } = index;
  let same = previous.list.length === ids.length;
  for (let i = 0; same && i < ids.length; i += 1) {
    const id = ids[i] as number;
    const row = byId[id];
    const was = previous.parts[i];
    same =
      previous.list[i]?.id === id &&
      (row === undefined
        ? was === null
        : was !== null && was !== undefined && was[0] === row.account_name && was[1] === row.connection_name);
  }
  if (same) return previous;
  const list: AccountName[] = [];
  const parts: Array<readonly [string, string] | null> = [];
  for (const id of ids) {
    const row = byId[id];
    list.push({ id, name: row === undefined ? `#${id}` : `${row.account_name} (${row.connection_name})` });
    parts.push(row === undefined ? null : [row.account_name, row.connection_name]);
  }
  return { list, parts };
}
