import type React from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { EMPTY } from '@synctrade/api';
import { useBusEvent } from '@synctrade/event-bus';
import { Button, Card, ErrorPanel, Muted, SectionHeader, Spinner } from '@synctrade/ui';
// Deep imports on purpose: the feature's index also pulls in the full page, and this card loads on Home.
import { StatusBadge } from '../../connections/components/status-badge';
import { useConnectionStore } from '../../connections/store/connection-store';

const List = styled.ul`
  list-style: none;
  /* The header keeps space(3) below it; together they make the card's usual space(4). */
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

/** How many connections the trader has, in the spec's singular or plural form. */
export function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'Connection' : 'Connections'}`;
}

/** How many connections are shown on Home; the full list lives at /connections. */
const SHOWN = 5;

/** Home's Connections card: the count, the first few connections and the way to manage them. */
export function ConnectionsSummaryCard(): React.JSX.Element {
  const navigate = useNavigate();
  const connections = useConnectionStore((state) => state.connections);
  const status = useConnectionStore((state) => state.status);
  const error = useConnectionStore((state) => state.error);
  const fetchConnections = useConnectionStore((state) => state.fetchConnections);

  useEffect(() => {
    void fetchConnections({ quiet: true });
  }, [fetchConnections]);
  // Another package (the connect return, the Sync Desk) changed connections: show the new truth.
  useBusEvent('connections:changed', () => void fetchConnections({ quiet: true }));

  const loaded = status === 'success' || connections.length > 0;

  return (
    <Card as="section" aria-labelledby="connections-summary-title">
      <SectionHeader>
        <div>
          <h2 id="connections-summary-title">Connections</h2>
          {loaded && <Muted>{countLabel(connections.length)}</Muted>}
        </div>
        <Button type="button" $variant="secondary" onClick={() => navigate('/connections')}>
          Manage Connections
        </Button>
      </SectionHeader>
      {!loaded && status === 'error' && (
        <ErrorPanel
          title="Connections could not be loaded"
          message={error ?? ''}
          onRetry={() => void fetchConnections({ quiet: true })}
        />
      )}
      {!loaded && status !== 'error' && <Spinner label="Loading connections" size={24} />}
      {loaded && connections.length === 0 && <Muted>{EMPTY.connections}</Muted>}
      {loaded && connections.length > 0 && (
        <List>
          {connections.slice(0, SHOWN).map((connection) => (
            <li key={connection.id}>
              <span>{connection.connection_name}</span>
              <StatusBadge enabled={connection.enabled} />
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}
