import type React from 'react';
import type { ConnectionDetails } from '@synctrade/api';
import { CardTable, TableWrap } from '@synctrade/ui';
import { brokerName, useBrokerStore } from '../../connections';

const ENVIRONMENT_LABEL = { demo: 'Demo', live: 'Live' } as const;

/** The connection's facts; Active Accounts counts accounts the broker reports active, over all of them. */
export function DetailsTable({ details }: { details: ConnectionDetails }): React.JSX.Element {
  const brokers = useBrokerStore((state) => state.brokers);
  const { connection, accounts } = details;
  const active = accounts.filter((account) => account.active).length;

  return (
    <section aria-labelledby="connection-details-title">
      <h2 id="connection-details-title">Details</h2>
      <TableWrap>
        <CardTable>
          <thead>
            <tr>
              <th scope="col">Connection Name</th>
              <th scope="col">Username</th>
              <th scope="col">Broker Name</th>
              <th scope="col">Active Accounts</th>
              <th scope="col">Environment</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-label="Connection Name">{connection.connection_name}</td>
              <td data-label="Username">{connection.user_data}</td>
              <td data-label="Broker Name">{brokerName(connection.broker_name, brokers)}</td>
              <td data-label="Active Accounts">
                {active}/{accounts.length}
              </td>
              <td data-label="Environment">
                {ENVIRONMENT_LABEL[connection.environment] ?? connection.environment}
              </td>
            </tr>
          </tbody>
        </CardTable>
      </TableWrap>
    </section>
  );
}
