import type React from 'react';
import { useId } from 'react';
import type { Broker, BrokerId } from '@synctrade/api';
import { Button, Field, FieldError, Select } from '@synctrade/ui';
import { useBrokerStore } from '../store/broker-store';

/** Tradovate when the server can connect it, else the first connectable broker. */
export function defaultBroker(brokers: Broker[]): BrokerId {
  const tradovate = brokers.find((broker) => broker.id === 'tradovate');
  if (!tradovate || tradovate.connectable || brokers.length === 0) return 'tradovate';
  return brokers.find((broker) => broker.connectable)?.id ?? 'tradovate';
}

/** What the option of a broker says: its name, and why it cannot be connected when it cannot. */
function optionLabel(broker: Broker): string {
  if (broker.connectable) return broker.name;
  return broker.needs_setup ? `${broker.name} (not set up on this server)` : `${broker.name} (coming soon)`;
}

/**
 * Brokers the server can connect are selectable; one the server has but its operator has not set up is
 * selectable too, to read how to set it up; the others are listed as coming soon.
 */
export function BrokerSelect({
  value,
  onChange,
}: {
  value: BrokerId;
  onChange(id: BrokerId): void;
}): React.JSX.Element {
  const brokers = useBrokerStore((state) => state.brokers);
  const status = useBrokerStore((state) => state.status);
  const error = useBrokerStore((state) => state.error);
  const fetchBrokers = useBrokerStore((state) => state.fetchBrokers);
  const id = useId();
  // Until the list arrives, tradovate (the default) is the only choice.
  const options: Broker[] = brokers.length
    ? brokers
    : [{ id: 'tradovate', name: 'Tradovate', connectable: true }];

  return (
    <Field>
      <label htmlFor={id}>Broker</label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as BrokerId)}>
        {options.map((broker) => (
          <option
            key={broker.id}
            value={broker.id}
            disabled={!broker.connectable && broker.needs_setup !== true}
          >
            {optionLabel(broker)}
          </option>
        ))}
      </Select>
      {status === 'error' && (
        <>
          <FieldError>{error}</FieldError>
          <Button type="button" $variant="ghost" $size="sm" onClick={() => void fetchBrokers()}>
            Reload brokers
          </Button>
        </>
      )}
    </Field>
  );
}
