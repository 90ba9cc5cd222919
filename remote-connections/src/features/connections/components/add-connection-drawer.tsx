import type React from 'react';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { BrokerId, Environment } from '@synctrade/api';
import { Button, Drawer, Field, Input, Muted, Row } from '@synctrade/ui';
import { brokerName, useBrokerStore } from '../store/broker-store';
import { BrokerSelect, defaultBroker } from './broker-select';
import { EnvironmentChoice } from './environment-choice';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The 'Add Connection' drawer: broker, name and environment, then the broker's authorization page. */
export function AddConnectionDrawer({
  open,
  onClose,
}: {
  open: boolean;
  onClose(): void;
}): React.JSX.Element {
  const brokers = useBrokerStore((state) => state.brokers);
  const connecting = useBrokerStore((state) => state.connecting);
  const connect = useBrokerStore((state) => state.connect);
  const [broker, setBroker] = useState<BrokerId>('tradovate');
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('demo');
  const nameId = useId();

  // Default tradovate; when this server cannot connect it, the first broker that can.
  useEffect(() => {
    setBroker(defaultBroker(brokers));
  }, [brokers]);

  const canContinue = name.trim().length > 0 && !connecting;

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    if (!canContinue) return;
    const redirected = await connect(broker, { connection_name: name.trim(), environment });
    if (!redirected) return;
    setName('');
    setEnvironment('demo');
    onClose();
  };

  return (
    <Drawer open={open} title="Add Connection" onClose={onClose}>
      <Form onSubmit={(event) => void submit(event)}>
        <BrokerSelect value={broker} onChange={setBroker} />
        <Field>
          <label htmlFor={nameId}>Connection name</label>
          <Input
            id={nameId}
            value={name}
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. Apex evaluations"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <EnvironmentChoice value={environment} onChange={setEnvironment} />
        <Muted>
          You will be redirected to {brokerName(broker, brokers)}&rsquo;s site to authorize SyncTrade to
          access your accounts. You come back here when you are done.
        </Muted>
        <Row>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canContinue}>
            {connecting ? 'Redirecting...' : 'Continue'}
          </Button>
        </Row>
      </Form>
    </Drawer>
  );
}
