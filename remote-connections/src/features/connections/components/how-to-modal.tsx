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
          soon&rdquo; or &ldquo;not set up on this server&rdquo; cannot be connected yet; the paper trading
          broker works without any broker account.
        </li>
        <li>Give the connection a name you will recognise, for example &ldquo;Apex evaluations&rdquo;.</li>
        <li>
          Pick the environment: <strong>demo</strong> for simulated accounts, <strong>live</strong> for funded
          ones (for Rithmic, the gateway you choose sets it).
        </li>
        <li>
          Press <strong>Continue</strong>. For Tradovate and the paper broker you are taken to the
          broker&rsquo;s site: sign in there and authorize SyncTrade; we never see that password.
        </li>
        <li>
          ProjectX asks here for your user name and API key; Rithmic for a gateway, the system (for example
          Rithmic Paper Trading, Rithmic 01 or your prop firm), your Rithmic user name and password. The
          server checks them with the broker before saving and stores them encrypted; they are never shown
          again. Rithmic logins must have signed the Rithmic agreements (in R Trader Pro), and Rithmic limits
          sessions per login, so another platform signed in with the same login may log SyncTrade out. Rithmic
          is offered only where the server&rsquo;s operator set up its gateways; live Rithmic gateways come
          after Rithmic&rsquo;s conformance test.
        </li>
        <li>
          You get a confirmation. The new connection and its accounts appear in the table; open{' '}
          <strong>Details</strong> to choose which accounts are enabled, then set your leader and followers in
          the Sync Desk.
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
