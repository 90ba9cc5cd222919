import type React from 'react';
import { RITHMIC_TEXT } from '@synctrade/api/messages';
import { Button, Muted, Row } from '@synctrade/ui';

/** Rithmic on a server whose operator configured no gateway: how it is enabled, nothing to submit. */
export function RithmicNotSetUp({ onCancel }: { onCancel(): void }): React.JSX.Element {
  return (
    <>
      <Muted role="status">{RITHMIC_TEXT.notSetUp}</Muted>
      <Row>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Close
        </Button>
      </Row>
    </>
  );
}
