import type { AccountSummary, CopyGroup, HistoryQuery } from '@synctrade/api';

/**
 * Whose trades the history counts. A copied trade shows once per account that made it (the leader's and each
 * copy), so "all accounts" counts copies; a copier user narrows it to the leaders, a group or one account.
 */
export type HistoryScope =
  { kind: 'all' } | { kind: 'leaders' } | { kind: 'account'; id: number } | { kind: 'group'; id: number };

export const ALL_ACCOUNTS: HistoryScope = { kind: 'all' };

/** The query fields of a scope (none for all accounts: the spec's call as it was). */
export function scopeQuery(scope: HistoryScope): HistoryQuery {
  switch (scope.kind) {
    case 'leaders':
      return { scope: 'leaders' };
    case 'account':
      return { account_id: String(scope.id) };
    case 'group':
      return { group_id: String(scope.id) };
    default:
      return {};
  }
}

/** A select's value for a scope, and back (an unknown value is all accounts). */
export function scopeValue(scope: HistoryScope): string {
  return scope.kind === 'account' || scope.kind === 'group' ? `${scope.kind}:${scope.id}` : scope.kind;
}

export function scopeOfValue(value: string): HistoryScope {
  if (value === 'leaders') return { kind: 'leaders' };
  const match = /^(account|group):(\d+)$/.exec(value);
  if (match) return { kind: match[1] as 'account' | 'group', id: Number(match[2]) };
  return ALL_ACCOUNTS;
}

export const SCOPE_ALL_LABEL = 'All accounts (copies included)';
export const SCOPE_LEADERS_LABEL = 'Leaders only';

export function accountLabel(account: AccountSummary): string {
  return `${account.account_name} · ${account.connection_name}`;
}

/** The scope in words, for the line that says what the figures cover. */
export function scopeDescription(
  scope: HistoryScope,
  accounts: readonly AccountSummary[],
  groups: readonly CopyGroup[],
): string {
  switch (scope.kind) {
    case 'leaders':
      return 'Showing the leaders’ trades only';
    case 'account': {
      const account = accounts.find((a) => a.id === scope.id);
      return `Showing ${account ? accountLabel(account) : 'one account'} only`;
    }
    case 'group': {
      const group = groups.find((g) => g.id === scope.id);
      return `Showing the accounts of ${group ? group.name : 'one copy group'}`;
    }
    default:
      return 'Showing all accounts: a copied trade counts once per account';
  }
}
