import type React from 'react';
import styled from 'styled-components';
import { Button, Modal, Row } from '@synctrade/ui';

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding-left: ${({ theme }) => theme.space(5)};
  line-height: 1.5;
`;

/** A short guide to the connect flow, opened by 'How to add a connection'. */
export function HowToModal({ open, onClose }: { open: boolean; onClose(): void }): React.JSX.Element {
  return (
    <Modal open={open} title="How to add a connection" onClose={onClose}>
      <Steps>
        <li>
          Press <strong>Add Connection</strong> and choose your broker. Brokers marked &ldquo;coming
          soon&rdquo; cannot be connected yet; the paper trading broker works without any broker account.
        </li>
        <li>Give the connection a name you will recognise, for example &ldquo;Apex evaluations&rdquo;.</li>
        <li>
          Pick the environment: <strong>demo</strong> for simulated accounts, <strong>live</strong> for funded
          ones.
        </li>
        <li>
          Press <strong>Continue</strong>. You are taken to the broker&rsquo;s site: sign in there and
          authorize SyncTrade. We never see your broker password.
        </li>
        <li>
          You come back here with a confirmation. The new connection and its accounts appear in the table;
          open <strong>Details</strong> to choose which accounts are enabled, then set your leader and
          followers in the Sync Desk.
        </li>
      </Steps>
      <Row>
        <Button type="button" onClick={onClose}>
          Got it
        </Button>
      </Row>
    </Modal>
  );
}
