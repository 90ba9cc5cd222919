import type React from 'react';
import styled from 'styled-components';
import { BROKER_SETUP_TEXT } from '@synctrade/api/messages';
import { Button, Modal, Muted, Row } from '@synctrade/ui';
import { useBrokerStore } from '../../connections';

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;

// How to enable it: under the broker's line, the whole width.
const SetUpHint = styled(Muted)`
  flex-basis: 100%;
  font-size: 13px;
`;

/** Every broker the server knows, and whether it can be connected today. */
export function SupportedBrokersModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose(): void;
}): React.JSX.Element {
  const brokers = useBrokerStore((state) => state.brokers);
  const status = useBrokerStore((state) => state.status);
  const error = useBrokerStore((state) => state.error);

  return (
    <Modal open={open} title="Supported brokers" onClose={onClose}>
      {status === 'error' && <p role="alert">{error}</p>}
      <List>
        {brokers.map((broker) => (
          <li key={broker.id}>
            <span>{broker.name}</span>
            <Muted>
              {broker.connectable
                ? 'Available'
                : broker.needs_setup
                  ? 'Not set up on this server'
                  : 'Coming soon'}
            </Muted>
            {!broker.connectable && broker.needs_setup && BROKER_SETUP_TEXT[broker.id] && (
              <SetUpHint>{BROKER_SETUP_TEXT[broker.id]}</SetUpHint>
            )}
          </li>
        ))}
      </List>
      <Row>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </Row>
    </Modal>
  );
}
