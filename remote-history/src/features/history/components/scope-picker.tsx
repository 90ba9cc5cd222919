import type React from 'react';
import { useEffect, useId } from 'react';
import styled from 'styled-components';
import { Select } from '@synctrade/ui';
import { useHistoryStore } from '../store/history-store';
import {
  accountLabel,
  SCOPE_ALL_LABEL,
  SCOPE_LEADERS_LABEL,
  scopeDescription,
  scopeOfValue,
  scopeValue,
} from '../lib/scope';

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  max-width: 100%;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const NarrowSelect = styled(Select)`
  max-width: min(320px, 100%);
  text-overflow: ellipsis;
`;

/** The Accounts select beside the range: all accounts, the leaders, one copy group or one account. */
export function ScopePicker(): React.JSX.Element {
  const scope = useHistoryStore((s) => s.scope);
  const { accounts, groups } = useHistoryStore((s) => s.scopeChoices);
  const setScope = useHistoryStore((s) => s.setScope);
  const loadScopeChoices = useHistoryStore((s) => s.loadScopeChoices);
  const id = useId();
  useEffect(() => {
    void loadScopeChoices();
  }, [loadScopeChoices]);

  return (
    <Label htmlFor={id}>
      Accounts
      <NarrowSelect
        id={id}
        value={scopeValue(scope)}
        onChange={(event) => void setScope(scopeOfValue(event.target.value))}
      >
        <option value="all">{SCOPE_ALL_LABEL}</option>
        <option value="leaders">{SCOPE_LEADERS_LABEL}</option>
        {groups.length > 1 && (
          <optgroup label="Copy groups">
            {groups.map((group) => (
              <option key={group.id} value={`group:${group.id}`}>
                {group.name}
              </option>
            ))}
          </optgroup>
        )}
        {accounts.length > 0 && (
          <optgroup label="One account">
            {accounts.map((account) => (
              <option key={account.id} value={`account:${account.id}`}>
                {accountLabel(account)}
              </option>
            ))}
          </optgroup>
        )}
      </NarrowSelect>
    </Label>
  );
}

/** The line under a history page's title that says whose trades its figures cover. */
export function ScopeNote(): React.JSX.Element {
  const scope = useHistoryStore((s) => s.scope);
  const { accounts, groups } = useHistoryStore((s) => s.scopeChoices);
  return <Note>{scopeDescription(scope, accounts, groups)}</Note>;
}
