import type React from 'react';
import { EMPTY, type ConnectionDetails } from '@synctrade/api';
import { EmptyState, formatMoney, Muted, SectionHeader, Switch, CardTable, TableWrap } from '@synctrade/ui';
import { useConnectionStore } from '../../connections';

/** The connection's accounts: which are enabled, one by one or all at once. */
export function AccountsSection({ details }: { details: ConnectionDetails }): React.JSX.Element {
  const { connection, accounts } = details;
  const toggleAccount = useConnectionStore((state) => state.toggleAccount);
  const toggleAll = useConnectionStore((state) => state.toggleAllAccounts);
  const allBusy = useConnectionStore((state) => Boolean(state.busy[`all-${connection.id}`]));
  const busy = useConnectionStore((state) => state.busy);
  const enabled = accounts.filter((account) => account.enabled).length;
  // Spec: the switch is on when any account is enabled; turning it off disables all, on enables all.
  const anyEnabled = enabled > 0;

  return (
    <section aria-labelledby="connection-accounts-title">
      <SectionHeader>
        <h2 id="connection-accounts-title">Accounts</h2>
        <Muted>
          {enabled}/{accounts.length} enabled
        </Muted>
        <span>
          <Switch
            checked={anyEnabled}
            label="Enable all"
            disabled={allBusy || accounts.length === 0}
            onChange={(next) => void toggleAll(connection.id, next)}
          />{' '}
          <span aria-hidden="true">Enable all</span>
        </span>
      </SectionHeader>
      {accounts.length === 0 ? (
        <EmptyState title={EMPTY.accounts} />
      ) : (
        <TableWrap>
          <CardTable>
            <thead>
              <tr>
                <th scope="col">Enabled</th>
                <th scope="col">ID</th>
                <th scope="col">Name</th>
                <th scope="col">Currency</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id}>
                  <td data-label="Enabled">
                    <Switch
                      checked={account.enabled}
                      label={`Enabled ${account.account_name}`}
                      disabled={Boolean(busy[`account-${account.id}`])}
                      onChange={() => void toggleAccount(connection.id, account)}
                    />
                  </td>
                  <td data-label="ID">{account.id}</td>
                  <td data-label="Name">{account.account_name}</td>
                  <td data-label="Currency">{account.currency_name}</td>
                  <td data-label="Balance">{formatMoney(account.cash_balance, account.currency_symbol)}</td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </TableWrap>
      )}
    </section>
  );
}
