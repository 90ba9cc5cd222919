import type React from 'react';
import type { AccountSummary } from '@synctrade/api';
import { Select } from '@synctrade/ui';

/** A choice among the trader's accounts ("name · connection"), or none (`noneLabel`, the empty value). */
export function AccountSelect({
  id,
  accounts,
  value,
  noneLabel,
  onChange,
}: {
  id: string;
  accounts: readonly AccountSummary[];
  value: number | null;
  noneLabel: string;
  onChange(accountId: number | null): void;
}): React.JSX.Element {
  return (
    <Select
      id={id}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      <option value="">{noneLabel}</option>
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {account.account_name} · {account.connection_name}
        </option>
      ))}
    </Select>
  );
}
