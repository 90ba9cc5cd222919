import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { getPropHeadroom, PROP_FIRM_NAMES, type PropHeadroom } from '@synctrade/api';
import { Muted } from '@synctrade/ui';

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  h2 {
    font-size: 16px;
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(4)};
  }
`;

interface AccountFirmsProps {
  accounts: ReadonlyArray<{ id: number; account_name: string }>;
}

/** Which of the connection's accounts trade under a prop firm's rules (set on the Sync Desk). */
export function AccountFirms({ accounts }: AccountFirmsProps): React.JSX.Element | null {
  const [rows, setRows] = useState<PropHeadroom[]>([]);
  useEffect(() => {
    let live = true;
    // Informational: a failure leaves the section out rather than raising a toast on the details page.
    getPropHeadroom()
      .then((list) => live && setRows(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const names = new Map(accounts.map((account) => [account.id, account.account_name]));
  const guarded = rows.filter((row) => names.has(row.account_id));
  if (guarded.length === 0) return null;
  return (
    <Box aria-labelledby="account-firms-title">
      <h2 id="account-firms-title">Firm rules</h2>
      <ul>
        {guarded.map((row) => (
          <li key={row.account_id}>
            {/* The firm's name, not the plan's internal id; the plan itself is on the desk's guard. */}
            {names.get(row.account_id)}: {PROP_FIRM_NAMES[row.firm]}
            {row.preset === 'custom' && <Muted> (custom rules)</Muted>}
          </li>
        ))}
      </ul>
    </Box>
  );
}
