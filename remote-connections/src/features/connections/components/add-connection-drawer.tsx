import type React from 'react';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { BrokerId, Environment } from '@synctrade/api';
import { Button, Drawer, Field, Input, Muted, Row } from '@synctrade/ui';
import { brokerName, useBrokerStore } from '../store/broker-store';
import { useConnectionStore } from '../store/connection-store';
import { BrokerSelect, defaultBroker } from './broker-select';
import { EnvironmentChoice } from './environment-choice';
import { emptyProjectXInput, ProjectXFields, projectXComplete, type ProjectXInput } from './projectx-fields';
import { RithmicForm } from './rithmic-form';
import { BrokerNotSetUp } from './broker-not-set-up';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/**
 * The 'Add Connection' drawer: broker, name and environment, then the broker's authorization page; for
 * ProjectX (no OAuth) the firm, user name and API key, checked by the server without leaving the page; for
 * Rithmic its own form (gateway, system, user name and password), or how to set it up when this server has not.
 */
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
  const connectWithKey = useBrokerStore((state) => state.connectWithKey);
  const fetchConnections = useConnectionStore((state) => state.fetchConnections);
  const [projectX, setProjectX] = useState<ProjectXInput>(emptyProjectXInput);
  const [broker, setBroker] = useState<BrokerId>('tradovate');
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('demo');
  const nameId = useId();

  // Default tradovate; when this server cannot connect it, the first broker that can.
  useEffect(() => {
    setBroker(defaultBroker(brokers));
  }, [brokers]);

  const byKey = broker === 'projectx';
  const canContinue = name.trim().length > 0 && !connecting && (!byKey || projectXComplete(projectX));

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    if (!canContinue) return;
    const done = byKey
      ? await connectWithKey(broker, {
          connection_name: name.trim(),
          environment,
          firm: projectX.firm,
          custom_host: projectX.customHost.trim() || undefined,
          custom_hub: projectX.customHub.trim() || undefined,
          user_name: projectX.userName.trim(),
          api_key: projectX.apiKey.trim(),
        })
      : await connect(broker, { connection_name: name.trim(), environment });
    if (!done) return;
    if (byKey) void fetchConnections();
    setName('');
    setEnvironment('demo');
    // The key is never kept in the page once the server has it.
    setProjectX(emptyProjectXInput());
    onClose();
  };

  const rithmic = broker === 'rithmic';
  const chosen = brokers.find((known) => known.id === broker);
  // A broker the operator has not set up: say how, and offer no form that could only fail.
  const notSetUp = chosen !== undefined && !chosen.connectable && chosen.needs_setup === true;

  return (
    <Drawer open={open} title="Add Connection" onClose={onClose}>
      <Stack>
        <BrokerSelect value={broker} onChange={setBroker} />
        {notSetUp && <BrokerNotSetUp brokerId={broker} onCancel={onClose} />}
        {rithmic && !notSetUp && (
          <RithmicForm
            onCancel={onClose}
            onConnected={() => {
              void fetchConnections();
              onClose();
            }}
          />
        )}
        {!rithmic && !notSetUp && (
          <Form onSubmit={(event) => void submit(event)}>
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
            {byKey ? (
              <ProjectXFields value={projectX} onChange={setProjectX} />
            ) : (
              <Muted>
                You will be redirected to {brokerName(broker, brokers)}&rsquo;s site to authorize SyncTrade to
                access your accounts. You come back here when you are done.
              </Muted>
            )}
            <Row>
              <Button type="button" $variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canContinue}>
                {connecting ? (byKey ? 'Connecting...' : 'Redirecting...') : 'Continue'}
              </Button>
            </Row>
          </Form>
        )}
      </Stack>
    </Drawer>
  );
}
