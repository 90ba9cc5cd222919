import type React from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Connection } from '@synctrade/api';
import { Button, Switch } from '@synctrade/ui';
import { useConnectionStore } from '../store/connection-store';
import { brokerName, useBrokerStore } from '../store/broker-store';
import { StatusBadge } from './status-badge';

// The name heads its row for screen readers, but reads as ordinary row text, not as a column title.
const Name = styled.th`
  && {
    color: ${({ theme }) => theme.color.text};
    background: transparent;
    font-size: 14px;
  }
`;

/** One connection: status, its enable toggle, broker, account count, details link and delete. */
export function ConnectionRow({
  connection,
  onDelete,
}: {
  connection: Connection;
  onDelete(connection: Connection): void;
}): React.JSX.Element {
  const toggleConnection = useConnectionStore((state) => state.toggleConnection);
  const busy = useConnectionStore((state) => Boolean(state.busy[`connection-${connection.id}`]));
  const brokers = useBrokerStore((state) => state.brokers);
  const name = connection.connection_name;

  return (
    <tr>
      <Name scope="row">{name}</Name>
      <td data-label="Status">
        <StatusBadge enabled={connection.enabled} />
      </td>
      <td data-label="Enabled">
        <Switch
          checked={connection.enabled}
          label={`Enabled ${name}`}
          disabled={busy}
          onChange={() => void toggleConnection(connection)}
        />
      </td>
      <td data-label="Broker">{brokerName(connection.broker_name, brokers)}</td>
      <td data-label="Accounts">{connection.account_count}</td>
      <td data-label="Details">
        <Link to={`/connections/${connection.id}`} aria-label={`Details of ${name}`}>
          Details
        </Link>
      </td>
      <td data-label="Actions">
        <Button
          type="button"
          $variant="danger"
          $size="sm"
          aria-label={`Delete ${name}`}
          onClick={() => onDelete(connection)}
        >
          Delete
        </Button>
      </td>
    </tr>
  );
}
