import type React from 'react';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import type { AccountSummary } from '@synctrade/api';
import { Field, formatCount, Muted } from '@synctrade/ui';
import type { ParsedImport } from '../lib/collector';
import { AccountSelect } from './account-select';

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;

  legend {
    padding: 0;
    font-weight: 600;
  }
`;

/**
 * The accounts the file names (a Fills export's Account column, our export's account), each with the trader's
 * account its trades go to: the one of the same name when there is exactly one, else the account chosen above.
 */
export function FileAccounts({
  parsed,
  accounts,
  chosen,
  onChoose,
}: {
  parsed: ParsedImport;
  accounts: readonly AccountSummary[];
  chosen: Record<string, number | null>;
  onChoose(name: string, accountId: number | null): void;
}): React.JSX.Element | null {
  const idPrefix = useId();
  const counts = useMemo(() => {
    const byName = new Map<string, number>();
    for (const name of parsed.accountNames) if (name !== '') byName.set(name, (byName.get(name) ?? 0) + 1);
    return [...byName];
  }, [parsed]);
  if (counts.length === 0) return null;
  return (
    <Group>
      <legend>Accounts named in the file</legend>
      <Muted>
        Each account’s trades go to the account chosen for it; the others to the account chosen above.
      </Muted>
      {counts.map(([name, count], index) => (
        <Field key={name}>
          <label htmlFor={`${idPrefix}-${index}`}>
            {name} ({formatCount(count)} trade{count === 1 ? '' : 's'})
          </label>
          <AccountSelect
            id={`${idPrefix}-${index}`}
            accounts={accounts}
            value={chosen[name] ?? null}
            noneLabel="The account chosen above"
            onChange={(accountId) => onChoose(name, accountId)}
          />
        </Field>
      ))}
    </Group>
  );
}
