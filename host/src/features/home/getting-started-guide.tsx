import type React from 'react';
import { useState } from 'react';
import { Button, Modal } from '@synctrade/ui';

const STEPS = [
  'Open Connection and add a broker connection (Tradovate, or the built-in paper broker to try things out).',
  'Authorize it on the broker’s page; its accounts appear in the connection details.',
  'Open Sync Desk, choose your leader account, and switch on Follow for the accounts that should copy it.',
  'Set each follower’s ratio (2x copies twice the leader’s size) and Cross to trade the micro or mini contract.',
  'Trade on the leader: every fill, order change and exit is copied to the followers within milliseconds.',
  'Review results in Trade History and keep a journal of your days.',
];

export function GettingStartedGuide(): React.JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        Getting started guide
      </Button>
      <Modal open={open} title="Getting started" onClose={() => setOpen(false)}>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
          Close
        </Button>
      </Modal>
    </>
  );
}
