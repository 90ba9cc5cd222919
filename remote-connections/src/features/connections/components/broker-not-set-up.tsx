import type React from 'react';
import { BROKER_SETUP_TEXT } from '@synctrade/api/messages';
import { Button, Muted, Row } from '@synctrade/ui';

/**
 * A broker this server has but whose operator has not set it up (Tradovate without OAuth credentials, Rithmic
 * without gateways): how it is enabled, nothing to submit.
 */
export function BrokerNotSetUp({
  brokerId,
  onCancel,
}: {
  brokerId: string;
  onCancel(): void;
}): React.JSX.Element {
  return (
    <>
      <Muted role="status">{BROKER_SETUP_TEXT[brokerId]}</Muted>
      <Row>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Close
        </Button>
      </Row>
    </>
  );
}
